import { useEffect, useState, type ReactNode } from 'react';
import { errorMessage } from '@gjj-hall/sdk';
import { Dialog } from './dialog';

type Detail<T> = { id: string } & ({ status: 'error'; message: string } | { status: 'ready'; value: T });

export interface DetailDialogProps<T> {
  /** The item to show, or null when the dialog is closed. */
  id: string | null;
  title: string;
  /** Fetches the item's detail; aborted when the dialog closes or another item opens. */
  load: (id: string, signal: AbortSignal) => Promise<T>;
  /** Renders the loaded detail. */
  children: (value: T) => ReactNode;
  onClose: () => void;
}

/**
 * A list item's detail in a dialog with a 关闭 button: loaded when it opens (正在加载，请稍候…), the server's message
 * in an alert when that fails. It stays mounted while closed, so focus returns to the item that opened it.
 *
 * @example
 * <DetailDialog id={open} title="评价详情" load={(id, signal) => fetchEvaluation(client, id, { signal, silent: true })}
 *   onClose={() => setOpen(null)}>{(record) => <p>{record.pjnr}</p>}</DetailDialog>
 */
export function DetailDialog<T>({ id, title, load, children, onClose }: DetailDialogProps<T>) {
  const [detail, setDetail] = useState<Detail<T> | null>(null);
  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    load(id, controller.signal).then(
      (value) => setDetail({ id, status: 'ready', value }),
      (error: unknown) =>
        !controller.signal.aborted &&
        setDetail({ id, status: 'error', message: errorMessage(error, '加载失败，请稍后重试') }),
    );
    return () => controller.abort();
    // `load` is the caller's inline function: the detail depends on the id alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  return (
    <Dialog
      title={title}
      open={id !== null}
      size="prompt"
      onClose={onClose}
      footer={
        <button type="button" className="btn" onClick={onClose}>
          关闭
        </button>
      }
    >
      {!detail || detail.id !== id ? (
        <p role="status">正在加载，请稍候…</p>
      ) : detail.status === 'error' ? (
        <p role="alert">{detail.message}</p>
      ) : (
        children(detail.value)
      )}
    </Dialog>
  );
}
