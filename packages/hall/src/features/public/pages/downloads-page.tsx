import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { downloadFile, fetchDownloads, type DownloadFile } from '@gjj-hall/sdk/public';
import { errorMessage } from '@gjj-hall/sdk';
import { useStore } from '@nanostores/react';
import { client, stores } from '../../../shared/services';
import { toast } from '../../../shared/toast';
import { Pager } from '../../../shared/ui/pager';
import { usePageParams, usePaged } from '../../../shared/use-paged';
import { usePageTitle } from '../../../shared/use-page-title';
import { saveBlob } from '../../../shared/save-blob';
import './content.css';
import { PagedView } from '../../../shared/ui/paged-view';
import { DataTable, type TableColumn } from '../../../shared/table';

/** The format a person recognises, by the file's extension and declared type. */
function formatLabel(file: Pick<DownloadFile, 'fileName' | 'contentType'>): string {
  const ext = /\.([a-z0-9]+)$/i.exec(file.fileName)?.[1]?.toLowerCase() ?? '';
  if (ext === 'pdf' || file.contentType === 'application/pdf') return 'PDF';
  if (ext === 'doc' || ext === 'docx' || file.contentType.includes('wordprocessingml')) return 'Word';
  if (ext === 'ofd') return 'OFD';
  if (file.contentType.startsWith('image/')) return '图片';
  return ext.toUpperCase() || '文件';
}

/** Bytes in KB, one decimal. */
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Files the preview page knows: PDF and images it shows, OFD it explains (no maintained renderer) and offers. */
const previewable = (file: DownloadFile) => ['PDF', '图片', 'OFD'].includes(formatLabel(file));

type RowState = { status: 'running'; loaded: number; total: number } | { status: 'error'; message: string };

/**
 * /commonDownload: the centre's forms (spec 1, 2.1), public, with paging. 下载 fetches the file through the sdk with
 * a progress bar and saves it under the server's file name; signed in, PDFs and images also get 预览 (/ylOfd needs
 * a session, spec 2.1).
 */
export function DownloadsPage() {
  usePageTitle('常用下载');
  const signedIn = useStore(stores.session.$signedIn);
  const { pageNum, pageSize, update } = usePageParams();
  const { state, reload } = usePaged(
    (q, signal) => fetchDownloads(client, q, { signal, silent: true }),
    { pageNum, pageSize },
    `${pageNum}/${pageSize}`,
  );
  const [rows, setRows] = useState<Record<string, RowState>>({});
  const running = useRef(new Set<string>());

  const setRow = (id: string, row: RowState | null) =>
    setRows((prev) => {
      const next = { ...prev };
      if (row) next[id] = row;
      else delete next[id];
      return next;
    });

  const download = async (file: DownloadFile) => {
    // One download per row at a time, however fast the clicks come (the button is disabled after the first render).
    if (running.current.has(file.id)) return;
    running.current.add(file.id);
    setRow(file.id, { status: 'running', loaded: 0, total: file.size });
    try {
      const blob = await downloadFile(client, file, {
        silent: true,
        onProgress: ({ loaded, total }) => setRow(file.id, { status: 'running', loaded, total: total || file.size }),
      });
      saveBlob(blob, file.fileName);
      setRow(file.id, null);
      toast.success(`${file.title}下载完成`);
    } catch (error) {
      setRow(file.id, { status: 'error', message: errorMessage(error, '下载失败，请稍后重试') });
    } finally {
      running.current.delete(file.id);
    }
  };

  const renderActions = (f: DownloadFile) => {
    const row = rows[f.id];
    const percent = row?.status === 'running' && row.total > 0 ? Math.min(100, Math.round((row.loaded / row.total) * 100)) : null;
    return (
      <div className="download-cell">
        <button type="button" className="btn" disabled={row?.status === 'running'} onClick={() => void download(f)}>
          {row?.status === 'error' ? '重新下载' : '下载'}
          <span className="visually-hidden">：{f.title}</span>
        </button>
        {signedIn && previewable(f) && (
          <Link className="btn" to={`/ylOfd?id=${encodeURIComponent(f.id)}`} state={{ name: f.fileName }}>
            预览<span className="visually-hidden">：{f.title}</span>
          </Link>
        )}
        {row?.status === 'running' && (
          <span className="download-progress">
            {percent === null ? (
              <progress aria-label={`${f.title}下载进度`} />
            ) : (
              <progress max={100} value={percent} aria-label={`${f.title}下载进度`} aria-valuetext={`已下载 ${percent}%`} />
            )}
            <span>{percent === null ? `已下载 ${kb(row.loaded)}` : `已下载 ${percent}%`}</span>
          </span>
        )}
        {row?.status === 'error' && (
          <p className="download-error" role="alert">
            {row.message}
          </p>
        )}
      </div>
    );
  };
  // Public and used signed out: no column chooser (its settings are kept per login).
  const columns: TableColumn<DownloadFile>[] = [
    { prop: 'title', label: '名称', rowHeader: true },
    { prop: 'format', label: '格式', className: 'nowrap', text: formatLabel },
    { prop: 'size', label: '大小', className: 'nowrap', align: 'right', text: (f) => kb(f.size) },
    { prop: 'publishDate', label: '发布日期', className: 'nowrap' },
    { prop: 'actions', label: '操作', type: 'custom', render: renderActions },
  ];

  const page = state.page;
  return (
    <section className="page" aria-labelledby="downloads-title">
      <h1 id="downloads-title">常用下载</h1>
      <p className="page__lead">
        办理住房公积金业务常用的申请表格，下载后填写打印。
        {signedIn ? 'PDF 文件和图片可在线预览。' : '登录后可在线预览 PDF 文件和图片。'}
      </p>
      <PagedView state={state} onRetry={reload} ownEmpty>
        {(page, busy) => (
          <div aria-busy={busy}>
            <DataTable caption="表格下载" showCaption columns={columns} rows={page.list} rowKey={(f) => f.id} />
          </div>
        )}
      </PagedView>
      {page && (
        <Pager label="常用下载分页" total={page.total} pageNum={pageNum} pageSize={pageSize} onChange={(n, s) => update({ page: n, size: s })} />
      )}
    </section>
  );
}

export default DownloadsPage;
