import { useRef, useState } from 'react';
import { errorMessage, type QueryParams } from '@gjj-hall/sdk';
import { client } from '../services';
import { toast } from '../toast';
import { saveBlob } from '../save-blob';

export interface ExportButtonsProps {
  /** The server's export call, e.g. /api/izfgjj-zhfw/v1/ywsq/export (docs/api-table.md). */
  path: string;
  /** The list's filter, as the list call takes it. */
  params: QueryParams;
  /** The file's name without extension, e.g. 我的业务. */
  fileName: string;
}

const kb = (n: number) => `${(n / 1024).toFixed(n < 10240 ? 1 : 0)} KB`;

/**
 * 导出 Excel and 导出 CSV: the whole filtered list streamed from the server (never the rows in memory there), the
 * bytes received shown as they arrive, then saved. A second click while one runs is refused.
 *
 * @example
 * <ExportButtons path="/api/izfgjj-zhfw/v1/ywsq/export" params={{ zt }} fileName="我的业务" />
 */
export function ExportButtons({ path, params, fileName }: ExportButtonsProps) {
  const [progress, setProgress] = useState<{ format: string; loaded: number; total: number } | null>(null);
  // 已导出 … speaks of the query it was made for: another query (account, period, filter) does not show it.
  const query = JSON.stringify([path, params, fileName]);
  const [doneOf, setDone] = useState({ query: '', text: '' });
  const done = doneOf.query === query ? doneOf.text : '';
  const running = useRef(false);
  const run = async (format: 'xlsx' | 'csv') => {
    if (running.current) return;
    running.current = true;
    setDone({ query: '', text: '' });
    setProgress({ format, loaded: 0, total: 0 });
    try {
      const blob = await client.raw('GET', path, {
        params: { ...params, format },
        responseType: 'blob',
        silent: true,
        onProgress: ({ loaded, total }) => setProgress({ format, loaded, total }),
      });
      const d = new Date();
      const day = `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
      saveBlob(blob, `${fileName}_${day}.${format}`);
      setDone({ query, text: `已导出 ${fileName}（${kb(blob.size)}）` });
    } catch (error) {
      toast.error(errorMessage(error, '导出失败，请稍后重试'));
    } finally {
      running.current = false;
      setProgress(null);
    }
  };
  return (
    <div className="gjj-export no-print">
      <button type="button" className="btn" disabled={progress !== null} onClick={() => void run('xlsx')}>
        导出 Excel
      </button>
      <button type="button" className="btn" disabled={progress !== null} onClick={() => void run('csv')}>
        导出 CSV
      </button>
      <span className="gjj-export__status" role="status" aria-live="polite">
        {progress && (
          <>
            <progress
              aria-label="导出进度"
              max={progress.total || undefined}
              value={progress.total ? progress.loaded : undefined}
            />{' '}
            正在导出，已接收 {kb(progress.loaded)}
            {progress.total ? ` / ${kb(progress.total)}` : ''}
          </>
        )}
        {!progress && done}
      </span>
    </div>
  );
}
