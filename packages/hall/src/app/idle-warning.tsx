import { useEffect, useRef, useState } from 'react';
import { systemClock } from '@gjj-hall/sdk';
import { Dialog } from '../shared/ui/dialog';

/** The warning's title and words (issue 37, WCAG 2.2.1: time to act before the idle sign-out). */
export const IDLE_WARNING_TITLE = '即将自动退出';
export const IDLE_WARNING_TEXT = '您已长时间未操作，为保护账户安全，系统将自动退出。如需继续办理，请点击“继续使用”。';

/**
 * The idle warning (a chunk of its own, loaded when it is due): the time left, 继续使用 (renews the session) and
 * 退出. Esc is 继续使用: a person who answers the dialog at all is there.
 */
export default function IdleWarning({ until, onKeep, onLeave }: { until: number; onKeep: () => void; onLeave: () => void }) {
  const [now, setNow] = useState(() => systemClock.now());
  const keepButton = useRef<HTMLButtonElement>(null);
  // After the dialog's own effect opened it (a parent's effects run after its children's): the answer most want.
  useEffect(() => keepButton.current?.focus(), []);
  useEffect(() => {
    const handle = systemClock.setInterval(() => setNow(systemClock.now()), 1000);
    return () => systemClock.clearInterval(handle);
  }, []);
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  const minutes = Math.floor(left / 60);
  const seconds = left % 60;
  return (
    <Dialog
      title={IDLE_WARNING_TITLE}
      open
      alert
      onClose={onKeep}
      footer={
        <>
          <button type="button" className="btn" onClick={onLeave}>
            退出
          </button>
          <button type="button" className="btn btn--primary" onClick={onKeep} ref={keepButton}>
            继续使用
          </button>
        </>
      }
    >
      <p>{IDLE_WARNING_TEXT}</p>
      {/* Not a live region: a count read aloud every second would drown everything else. */}
      <p className="idle-warning__left">
        剩余时间：{minutes > 0 ? `${minutes} 分 ` : ''}
        {seconds} 秒
      </p>
    </Dialog>
  );
}
