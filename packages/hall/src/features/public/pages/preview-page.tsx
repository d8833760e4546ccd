import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { downloadFile, PUBLIC_API } from '@gjj-hall/sdk/public';
import { errorMessage } from '@gjj-hall/sdk';
import { client } from '../../../shared/services';
import { takePreview } from '../../../shared/preview-handoff';
import { usePageTitle } from '../../../shared/use-page-title';
import {
  decodeBase64,
  documentKind,
  DOCUMENT_KINDS,
  EMPTY_PREVIEW_MESSAGE,
  fileNameFor,
  OFD_MESSAGE,
  UNSUPPORTED_MESSAGE,
} from '../preview/document-type';
import { saveBlob } from '../../../shared/save-blob';
import './content.css';

/**
 * One document, shown by what its bytes are (not by its name): a PDF in a frame of a blob: URL typed
 * application/pdf (the browser's PDF viewer), an image in an `<img>`, anything else (OFD, Word, unknown) as a message
 * with a download button.
 */
function DocumentView({ bytes, name }: { bytes: Uint8Array; name: string }) {
  const kind = useMemo(() => documentKind(bytes), [bytes]);
  const info = DOCUMENT_KINDS[kind];
  const fileName = fileNameFor(name, kind);
  const blob = useMemo(() => new Blob([bytes as BlobPart], { type: info.mime }), [bytes, info.mime]);
  // The object URL lives as long as the element showing it: made and revoked in one effect, set on the element.
  const shown = useRef<HTMLIFrameElement & HTMLImageElement>(null);
  useEffect(() => {
    const element = shown.current;
    if (!element) return undefined;
    const url = URL.createObjectURL(blob);
    element.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  const save = (
    <button type="button" className="btn" onClick={() => saveBlob(blob, fileName)}>
      下载文件
    </button>
  );
  return (
    <div className="doc-preview" data-kind={kind}>
      <div className="doc-preview__bar">
        <span>
          {fileName}（{info.label}，{(bytes.length / 1024).toFixed(1)} KB）
        </span>
        {info.show !== 'download' && save}
      </div>
      {info.show === 'frame' && <iframe ref={shown} className="doc-preview__frame" title={`${fileName} 预览`} />}
      {info.show === 'image' && <img ref={shown} className="doc-preview__image" alt={`${fileName} 预览`} />}
      {info.show === 'download' && (
        <div className="doc-preview__notice" role="status">
          <p>{kind === 'ofd' ? OFD_MESSAGE : UNSUPPORTED_MESSAGE}</p>
          {save}
        </div>
      )}
    </div>
  );
}

/** Where the load of one request (`key`: id and attempt) stands; a newer request shows as loading. */
type Loaded = { key: string } & (
  | { status: 'loading'; loaded: number; total: number }
  | { status: 'error'; message: string }
  | { status: 'ready'; bytes: Uint8Array }
);

/**
 * /ylOfd?id=: preview of a published file (common downloads), loaded through the download call; needs a session
 * (spec 2.1). The file name comes from the page that opened it (router state), not from the address.
 */
export function YlOfdPage() {
  usePageTitle('电子文件预览');
  const [params] = useSearchParams();
  const location = useLocation();
  // Archive files (issue 22): /ylOfd?ywbh=&fileId= shows a material of the user's own application.
  const ywbh = params.get('ywbh') ?? '';
  const fileId = params.get('fileId') ?? '';
  const archive = /^[\w.-]{1,64}$/.test(ywbh) && /^[\w.-]{1,64}$/.test(fileId);
  const id = archive ? fileId : (params.get('id') ?? '');
  const given = (location.state as { name?: unknown } | null)?.name;
  // Opened by its address (a bookmark, a reload), the page has no name from the list: the server's answer names it.
  const [served, setServed] = useState('');
  const name = typeof given === 'string' && given ? given : served;
  const [attempt, setAttempt] = useState(0);
  const validId = archive || /^[1-9]\d{0,17}$/.test(id);
  const url = archive
    ? `/api/dzda/v1/zhcjyw/download?${new URLSearchParams({ ywbh, fileId }).toString()}`
    : `${PUBLIC_API}/cyxz/download?id=${id}`;
  const back = archive ? <Link to={`/dzda?ywbh=${encodeURIComponent(ywbh)}`}>返回材料上传</Link> : <Link to="/commonDownload">返回常用下载</Link>;
  const key = `${id}/${attempt}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    if (!validId) return undefined;
    const controller = new AbortController();
    const set = (next: Loaded) => !controller.signal.aborted && setLoaded(next);
    downloadFile(client, { url }, {
      signal: controller.signal,
      silent: true,
      onFileName: (fileName) => !controller.signal.aborted && setServed(fileName),
      onProgress: ({ loaded: bytes, total }) => set({ key, status: 'loading', loaded: bytes, total }),
    })
      .then((blob) => blob.arrayBuffer())
      .then(
        (buffer) => set({ key, status: 'ready', bytes: new Uint8Array(buffer) }),
        (error: unknown) =>
          set({ key, status: 'error', message: errorMessage(error, '文件加载失败，请稍后重试') }),
      );
    return () => controller.abort();
  }, [url, validId, key]);
  const state: Loaded = loaded?.key === key ? loaded : { key, status: 'loading', loaded: 0, total: 0 };
  return (
    <section className="page" aria-labelledby="preview-title">
      <h1 id="preview-title">电子文件预览</h1>
      {!validId ? (
        <div className="content-error" role="alert">
          <p>文件编号不正确，无法预览</p>
          {back}
        </div>
      ) : state.status === 'loading' ? (
        <p role="status">
          正在加载文件，请稍候…{state.total > 0 && `已加载 ${Math.round((state.loaded / state.total) * 100)}%`}
        </p>
      ) : state.status === 'error' ? (
        <div className="content-error" role="alert">
          <p>{state.message}</p>
          <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
            重新加载
          </button>{' '}
          {back}
        </div>
      ) : state.bytes.length === 0 ? (
        <p className="empty" role="alert">
          {EMPTY_PREVIEW_MESSAGE}
        </p>
      ) : (
        <DocumentView bytes={state.bytes} name={name} />
      )}
    </section>
  );
}

/** The last document taken, by key: the entry is removed as it is read, and React may compute a memo twice. */
let lastTaken: { key: string | null; doc: { bytes: Uint8Array; name: string } | null } | null = null;

function takeDocument(key: string | null) {
  if (lastTaken?.key === key && key) return lastTaken.doc;
  const stashed = takePreview(key);
  const bytes = stashed ? decodeBase64(stashed.data) : null;
  lastTaken = { key, doc: bytes ? { bytes, name: stashed?.name || '电子文件' } : null };
  return lastTaken.doc;
}

/**
 * /ylOfdBase64?key=: preview of a document another page hands over as base64, through this tab's session storage
 * under a one-time key (`stashPreview` of shared/preview-handoff.ts). Empty or undecodable data says 解析数据为空！
 * (spec 8.4).
 */
export function YlOfdBase64Page() {
  usePageTitle('电子文件预览');
  const [params] = useSearchParams();
  const key = params.get('key');
  const doc = useMemo(() => takeDocument(key), [key]);
  return (
    <section className="page" aria-labelledby="preview-title">
      <h1 id="preview-title">电子文件预览</h1>
      {doc ? (
        <DocumentView bytes={doc.bytes} name={doc.name} />
      ) : (
        <p className="empty" role="alert">
          {EMPTY_PREVIEW_MESSAGE}
        </p>
      )}
    </section>
  );
}
