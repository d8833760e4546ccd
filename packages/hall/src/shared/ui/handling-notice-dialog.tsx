import { useEffect, useId, useState } from 'react';
import { systemClock } from '@gjj-hall/sdk';
import { agreeLabel, agreementError, HANDLING_NOTICE_TITLE, noticeWaitSeconds, NOTICE_WAIT_CONFIG_KEY } from '../handling-notice';
import { stores } from '../services';
import { Dialog } from './dialog';

export interface HandlingNoticeDialogProps {
  open: boolean;
  /** The notice text (decode `pznr` with decodeNoticeText). */
  text: string;
  /** @default 用户办理须知 */
  title?: string;
  /** The box is ticked and confirmed: go on with the business. */
  onAgree: () => void;
  /** Closed without agreeing: the caller goes back (to the home tab of `activeIndex`, spec 2.12). */
  onClose: () => void;
  /** The reading time the server gave with the notice; else the configured XT_TZSC. */
  seconds?: number;
}

/**
 * The business handling notice of spec 2.12 and 4.10 (1000 px): the notice, a box to tick (我已阅读并同意上述条款约定)
 * and the agree button, which counts down the configured seconds (XT_TZSC) before it can be used. Confirming
 * without the box ticked says 请先阅读并同意条款约定.
 *
 * @example
 * <HandlingNoticeDialog open text={decodeNoticeText(data.pznr)} onAgree={start} onClose={() => navigate(back)} />
 */
export function HandlingNoticeDialog({ open, text, title = HANDLING_NOTICE_TITLE, onAgree, onClose, seconds }: HandlingNoticeDialogProps) {
  const [remaining, setRemaining] = useState(() => noticeWaitSeconds(seconds ?? stores.config.configValue(NOTICE_WAIT_CONFIG_KEY)));
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState('');
  const boxId = useId();

  useEffect(() => {
    if (!open) return;
    const handle = systemClock.setInterval(() => setRemaining((n) => Math.max(0, n - 1)), 1_000);
    return () => systemClock.clearInterval(handle);
  }, [open]);

  return (
    <Dialog
      title={title}
      size="notice"
      open={open}
      onClose={onClose}
      footer={
        <button
          type="button"
          className="btn btn--primary"
          disabled={remaining > 0}
          onClick={() => {
            const message = agreementError(agreed);
            setError(message);
            if (!message) onAgree();
          }}
        >
          {agreeLabel(remaining)}
        </button>
      }
    >
      {/* Issue 37, item 6: a paragraph a line of the text, spaced more than its lines (MIIT; WCAG 1.4.12). */}
      {/* It scrolls when long (a phone, care mode): focusable, so the keyboard can scroll it (axe scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is reached by Tab to scroll it */}
      <div className="notice-text" tabIndex={0} role="region" aria-label="须知内容">
        {text
          .split(/\n+/)
          .filter((line) => line.trim())
          .map((line, i) => (
            <p key={i}>{line}</p>
          ))}
      </div>
      <p className="notice-agree">
        <input
          id={boxId}
          type="checkbox"
          checked={agreed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${boxId}-error` : undefined}
          onChange={(e) => {
            setAgreed(e.target.checked);
            if (e.target.checked) setError('');
          }}
        />
        <label htmlFor={boxId}>我已阅读并同意上述条款约定</label>
      </p>
      <p id={`${boxId}-error`} className="field__error" role="alert">
        {error}
      </p>
    </Dialog>
  );
}
