import { useCallback, useEffect, useId, useMemo, useRef, useState, type DragEvent } from 'react';
import { errorMessage } from '@gjj-hall/sdk';
import {
  deleteFile,
  downloadArchiveFile,
  finishCollection,
  getMaterials,
  uploadFile,
  UnauthorizedUpload,
  type ArchiveApi,
  type ArchiveFile,
  type ArchiveMaterial,
  type Upload,
} from './archive-api';
import { downscaleImage } from './downscale';
import './archive.css';

/** How a message the component raises is shown (a toast in the hall, the host's own UI in a frame). */
export type ArchiveNotice = (text: string, level: 'info' | 'success' | 'warning' | 'error') => void;

/** Props of {@link ArchiveMaterials}. */
export interface ArchiveMaterialsProps {
  api: ArchiveApi;
  /** The application (业务编号). */
  ywbh: string;
  /** 上一步; no button when not given. */
  onLastStep?: () => void;
  /** The collection finished (every required material has a file). */
  onComplete?: (counts: { materials: number; files: number }) => void;
  /** A file was opened for preview (the frame tells its host). */
  onPreview?: (file: ArchiveFile) => void;
  onNotice?: ArchiveNotice;
  /** A file was stored or deleted (the wizard clears its stale 请上传 message). */
  onChange?: () => void;
  /** Label of the finish button. @default '提交材料' */
  finishLabel?: string;
}

const ACCEPT = 'image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf';
const ACCEPTED_TYPES = /^(image\/(jpeg|png)|application\/pdf)$/;

/** One file being uploaded (or failed), kept until it is stored or removed. */
interface Pending {
  key: string;
  clbh: string;
  name: string;
  blob: Blob;
  progress: number;
  error?: string;
  upload?: Upload;
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** A small picture of a stored image, or a PDF badge with its page count. */
function Thumbnail({ api, ywbh, file }: { api: ArchiveApi; ywbh: string; file: ArchiveFile }) {
  const img = useRef<HTMLImageElement>(null);
  const isImage = file.mimeType.startsWith('image/');
  useEffect(() => {
    if (!isImage) return undefined;
    const controller = new AbortController();
    let url = '';
    downloadArchiveFile(api, ywbh, file.fileId, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted || !img.current) return;
        url = URL.createObjectURL(blob);
        img.current.src = url;
      },
      () => {},
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [api, ywbh, file.fileId, isImage]);
  return isImage ? (
    <img ref={img} className="archive-thumb" alt="" />
  ) : (
    <span className="archive-thumb archive-thumb--pdf" aria-hidden="true">
      PDF{file.pages ? <small>{file.pages} 页</small> : null}
    </span>
  );
}

/** The document shown in the preview dialog: a PDF in the browser's viewer, an image as it is. */
function PreviewView({ api, ywbh, file }: { api: ArchiveApi; ywbh: string; file: ArchiveFile }) {
  const shown = useRef<HTMLIFrameElement & HTMLImageElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | string>('loading');
  useEffect(() => {
    const controller = new AbortController();
    let url = '';
    downloadArchiveFile(api, ywbh, file.fileId, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(new Blob([blob], { type: file.mimeType }));
        if (shown.current) shown.current.src = url;
        setState('ready');
      },
      (error: unknown) => !controller.signal.aborted && setState(errorMessage(error, '文件加载失败，请稍后重试')),
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [api, ywbh, file.fileId, file.mimeType]);
  return (
    <div className="archive-preview">
      {state === 'loading' && <p role="status">正在加载文件，请稍候…</p>}
      {state !== 'loading' && state !== 'ready' && <p role="alert">{state}</p>}
      {file.mimeType === 'application/pdf' ? (
        <iframe ref={shown} className="archive-preview__frame" title={`${file.fileName} 预览`} />
      ) : (
        <img ref={shown} className="archive-preview__image" alt={`${file.fileName} 预览`} />
      )}
    </div>
  );
}

/**
 * The electronic-archive collection (电子档案材料收集, spec 2.5) of one application: each material with its
 * description, required or optional; upload by file picker, drag and drop or the phone's camera, several at once,
 * a progress bar per file, retry after a failure, thumbnails, preview, delete; 提交材料 refuses while a required
 * material has no file and names it. The /dzda page and the business wizard's materials step both use it.
 *
 * @example
 * <ArchiveMaterials api={{ client, getToken, onUnauthorized }} ywbh="YW2026000001" onComplete={() => next()} />
 */
export function ArchiveMaterials({ api, ywbh, onLastStep, onComplete, onPreview, onNotice, onChange, finishLabel = '提交材料' }: ArchiveMaterialsProps) {
  const [materials, setMaterials] = useState<ArchiveMaterial[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [pending, setPending] = useState<Pending[]>([]);
  const [missing, setMissing] = useState<string[]>([]);
  const [finishing, setFinishing] = useState(false);
  const [preview, setPreview] = useState<ArchiveFile | null>(null);
  const [toDelete, setToDelete] = useState<ArchiveFile | null>(null);
  const [dragOver, setDragOver] = useState('');
  const notice = useCallback<ArchiveNotice>((text, level) => onNotice?.(text, level), [onNotice]);
  const headingId = useId();
  const live = useRef<HTMLParagraphElement>(null);
  const counter = useRef(0);

  const reload = useCallback(async () => {
    try {
      setMaterials(await getMaterials(api, ywbh));
      setLoadError('');
    } catch (error) {
      setLoadError(errorMessage(error, '材料清单加载失败，请稍后重试'));
    }
  }, [api, ywbh]);
  useEffect(() => {
    let live = true;
    getMaterials(api, ywbh).then(
      (list) => {
        if (!live) return;
        setMaterials(list);
        setLoadError('');
      },
      (error: unknown) => live && setLoadError(errorMessage(error, '材料清单加载失败，请稍后重试')),
    );
    return () => {
      live = false;
    };
  }, [api, ywbh, attempt]);

  const patch = (key: string, change: Partial<Pending> | null) =>
    setPending((list) => (change ? list.map((p) => (p.key === key ? { ...p, ...change } : p)) : list.filter((p) => p.key !== key)));

  const start = useCallback(
    (item: Pending) => {
      const upload = uploadFile(api, { ywbh, clbh: item.clbh }, item.blob, item.name, (progress) => patch(item.key, { progress }));
      patch(item.key, { upload, error: undefined, progress: 0 });
      upload.done.then(
        () => {
          patch(item.key, null);
          notice(`“${item.name}”上传成功`, 'success');
          onChange?.();
          void reload();
        },
        (error: unknown) => {
          if (error instanceof UnauthorizedUpload) return patch(item.key, { error: error.message, upload: undefined });
          patch(item.key, { error: errorMessage(error, '上传失败，请重试'), upload: undefined });
        },
      );
    },
    [api, ywbh, notice, reload, onChange],
  );

  const addFiles = async (material: ArchiveMaterial, files: readonly File[]) => {
    const room = material.maxFiles - material.files.length - pending.filter((p) => p.clbh === material.clbh).length;
    if (files.length > room) {
      notice(`“${material.clmc}”最多上传 ${material.maxFiles} 个文件`, 'warning');
    }
    for (const file of files.slice(0, Math.max(0, room))) {
      const key = `u${(counter.current += 1)}`;
      if (!ACCEPTED_TYPES.test(file.type) && !/\.(jpe?g|png|pdf)$/i.test(file.name)) {
        setPending((list) => [...list, { key, clbh: material.clbh, name: file.name, blob: file, progress: 0, error: '仅支持 JPG、PNG、PDF 格式的文件' }]);
        continue;
      }
      const { blob, name } = await downscaleImage(file);
      const item: Pending = { key, clbh: material.clbh, name, blob, progress: 0 };
      setPending((list) => [...list, item]);
      start(item);
    }
    setMissing((list) => list.filter((m) => m !== material.clmc));
  };

  const onDrop = (material: ArchiveMaterial) => (event: DragEvent) => {
    event.preventDefault();
    setDragOver('');
    void addFiles(material, Array.from(event.dataTransfer.files));
  };

  const confirmDelete = async () => {
    const file = toDelete;
    setToDelete(null);
    if (!file) return;
    try {
      await deleteFile(api, ywbh, file.fileId);
      notice(`已删除“${file.fileName}”`, 'success');
      onChange?.();
      await reload();
    } catch (error) {
      notice(errorMessage(error, '删除失败，请稍后重试'), 'error');
    }
  };

  const finish = async () => {
    if (!materials) return;
    const lacking = materials.filter((m) => m.required && m.files.length === 0).map((m) => m.clmc);
    setMissing(lacking);
    if (lacking.length) {
      notice(`请上传：${lacking.join('、')}`, 'warning');
      live.current?.focus();
      return;
    }
    if (pending.some((p) => p.upload)) return notice('文件正在上传，请稍候', 'info');
    setFinishing(true);
    try {
      const counts = await finishCollection(api, ywbh);
      notice('材料已提交', 'success');
      onComplete?.(counts);
    } catch (error) {
      const message = errorMessage(error, '提交失败，请稍后重试');
      const named = /^请上传：(.+)$/.exec(message)?.[1];
      if (named) setMissing(named.split('、'));
      notice(message, 'error');
    } finally {
      setFinishing(false);
    }
  };

  const previewBox = useRef<HTMLElement>(null);
  useEffect(() => {
    previewBox.current?.scrollIntoView({ block: 'start' });
    previewBox.current?.focus({ preventScroll: true });
  }, [preview]);
  const openPreview = (file: ArchiveFile) => {
    setPreview(file);
    onPreview?.(file);
  };

  const total = useMemo(() => materials?.reduce((n, m) => n + m.files.length, 0) ?? 0, [materials]);

  if (loadError) {
    return (
      <div className="archive" role="alert">
        <p>{loadError}</p>
        <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
          重新加载
        </button>
      </div>
    );
  }
  if (!materials) return <p role="status">正在加载材料清单，请稍候…</p>;

  return (
    <section className="archive" aria-labelledby={headingId}>
      <h2 id={headingId} className="archive__title">
        申请材料<span className="archive__count">（已上传 {total} 个文件）</span>
      </h2>
      <p className="archive__hint">支持 JPG、PNG、PDF，单个文件不超过 10 MB；可一次选择多个文件，或把文件拖到对应材料上；手机上可直接拍照。</p>
      <p ref={live} tabIndex={-1} className={missing.length ? 'archive__missing' : 'archive__sr'} role="alert">
        {missing.length ? `以下必传材料尚未上传：${missing.join('、')}` : ''}
      </p>
      <ol className="archive__list">
        {materials.map((m) => {
          const mine = pending.filter((p) => p.clbh === m.clbh);
          const full = m.files.length + mine.length >= m.maxFiles;
          const isMissing = missing.includes(m.clmc);
          const inputId = `archive-${m.clbh}`;
          return (
            // The drop zone adds to the file picker and the camera buttons inside it, which keyboards reach.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
            <li
              key={m.clbh}
              className={`archive-item${dragOver === m.clbh ? ' archive-item--over' : ''}${isMissing ? ' archive-item--missing' : ''}`}
              data-clbh={m.clbh}
              onDragOver={(e) => {
                e.preventDefault();
                setDragOver(m.clbh);
              }}
              onDragLeave={() => setDragOver('')}
              onDrop={onDrop(m)}
            >
              <div className="archive-item__head">
                <h3 className="archive-item__name">
                  {m.clmc}
                  <span className={m.required ? 'archive-tag archive-tag--required' : 'archive-tag'}>{m.required ? '必传' : '选传'}</span>
                </h3>
                <span className="archive-item__quota">
                  {m.files.length}/{m.maxFiles}
                </span>
              </div>
              {m.description && <p className="archive-item__desc">{m.description}</p>}
              <ul className="archive-files" aria-label={`${m.clmc}的文件`}>
                {m.files.map((f) => (
                  <li key={f.fileId} className="archive-file" data-file-id={f.fileId}>
                    <Thumbnail api={api} ywbh={ywbh} file={f} />
                    <span className="archive-file__name" title={f.fileName}>
                      {f.fileName}
                      <small>{sizeText(f.size)}</small>
                    </span>
                    {toDelete?.fileId === f.fileId ? (
                      <span className="archive-file__actions" role="group" aria-label={`确定删除 ${f.fileName} 吗？`}>
                        <span className="archive-file__ask">确定删除？</span>
                        <button type="button" className="btn btn--small btn--danger" onClick={() => void confirmDelete()} aria-label={`确定删除 ${f.fileName}`}>
                          确定删除
                        </button>
                        <button type="button" className="btn btn--small" onClick={() => setToDelete(null)}>
                          取消
                        </button>
                      </span>
                    ) : (
                      <span className="archive-file__actions">
                        <button type="button" className="btn btn--small" onClick={() => openPreview(f)} aria-label={`预览 ${f.fileName}`}>
                          预览
                        </button>
                        <button type="button" className="btn btn--small btn--danger" onClick={() => setToDelete(f)} aria-label={`删除 ${f.fileName}`}>
                          删除
                        </button>
                      </span>
                    )}
                  </li>
                ))}
                {mine.map((p) => (
                  <li key={p.key} className={`archive-file${p.error ? ' archive-file--error' : ''}`} data-pending={p.name}>
                    <span className="archive-thumb archive-thumb--pending" aria-hidden="true">
                      {p.error ? '!' : '↑'}
                    </span>
                    <span className="archive-file__name">
                      {p.name}
                      {p.error ? (
                        <small className="archive-file__error" role="alert">
                          {p.error}
                        </small>
                      ) : (
                        <progress max={1} value={p.progress} aria-label={`${p.name} 上传进度`}>
                          {Math.round(p.progress * 100)}%
                        </progress>
                      )}
                    </span>
                    <span className="archive-file__actions">
                      {p.error ? (
                        <>
                          {!/仅支持/.test(p.error) && (
                            <button type="button" className="btn btn--small" onClick={() => start(p)} aria-label={`重试上传 ${p.name}`}>
                              重试
                            </button>
                          )}
                          <button type="button" className="btn btn--small" onClick={() => patch(p.key, null)} aria-label={`移除 ${p.name}`}>
                            移除
                          </button>
                        </>
                      ) : (
                        <button type="button" className="btn btn--small" onClick={() => p.upload?.abort()} aria-label={`取消上传 ${p.name}`}>
                          取消
                        </button>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
              {!full && (
                <div className="archive-item__add">
                  <label className="btn btn--primary btn--small" htmlFor={inputId}>
                    选择文件
                  </label>
                  <input
                    id={inputId}
                    className="archive__input"
                    type="file"
                    multiple
                    accept={ACCEPT}
                    aria-label={`上传${m.clmc}`}
                    onChange={(e) => {
                      const files = Array.from(e.target.files ?? []);
                      e.target.value = '';
                      void addFiles(m, files);
                    }}
                  />
                  <label className="btn btn--small" htmlFor={`${inputId}-camera`}>
                    拍照上传
                  </label>
                  <input
                    id={`${inputId}-camera`}
                    className="archive__input"
                    type="file"
                    accept="image/*"
                    capture="environment"
                    aria-label={`拍照上传${m.clmc}`}
                    onChange={(e) => {
                      const files = Array.from(e.target.files ?? []);
                      e.target.value = '';
                      void addFiles(m, files);
                    }}
                  />
                  <span className="archive-item__drop">或将文件拖到此处</span>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <div className="archive__actions">
        {onLastStep && (
          <button type="button" className="btn" onClick={onLastStep}>
            上一步
          </button>
        )}
        <button type="button" className="btn btn--primary" onClick={() => void finish()} disabled={finishing}>
          {finishing ? '正在提交…' : finishLabel}
        </button>
      </div>
      {preview && (
        // In the page rather than a modal: inside a host's frame sized to its content, a modal would sit in the
        // middle of a tall frame, out of the user's sight.
        <section ref={previewBox} className="archive-preview-panel" aria-label={`预览：${preview.fileName}`} tabIndex={-1}>
          <div className="archive-preview-panel__bar">
            <h3>预览：{preview.fileName}</h3>
            <button type="button" className="btn btn--small" onClick={() => setPreview(null)}>
              关闭预览
            </button>
          </div>
          <PreviewView api={api} ywbh={ywbh} file={preview} />
        </section>
      )}
    </section>
  );
}
