import { useEffect, useMemo, useState } from 'react';
import { createSendCodeCountdown, sendCodeResult, type SendCodeState } from '@gjj-hall/sdk/auth';
import { toast } from '../toast';

export interface SendCodeButtonProps {
  /**
   * Session-storage key of the countdown's start time (spec 4.8): a page or dialog opened again within 60 s
   * resumes the countdown. One key per flow, e.g. 'smsLoginCodeTime'.
   */
  storageKey: string;
  /**
   * Checks what the send needs (the phone, the ID number...) and sends the code. Return false, without calling
   * the server, when a field is not valid (its own message shows under it); otherwise return the call's promise.
   * The call should be `silent`: this button shows its message.
   */
  send: () => false | Promise<unknown>;
  /** Describes the button for assistive technology (id of the field it belongs to). */
  'aria-describedby'?: string;
  disabled?: boolean;
}

const sessionStore = {
  get: (k: string) => sessionStorage.getItem(k),
  set: (k: string, v: string) => sessionStorage.setItem(k, v),
  remove: (k: string) => sessionStorage.removeItem(k),
};

/**
 * The send-code button of spec 4.8 and 8.4: 发送验证码; after a successful send it is disabled and counts down
 * '{n}s 后重新获取' for 60 s (resumed after a reload or a reopened dialog); a failed send resets it. Success shows
 * the server's msg or 验证码发送成功, failure its msg or 验证码获取失败.
 */
export function SendCodeButton({ storageKey, send, disabled, ...aria }: SendCodeButtonProps) {
  const [state, setState] = useState<SendCodeState | null>(null);
  const [sending, setSending] = useState(false);
  const countdown = useMemo(
    () => createSendCodeCountdown({ storage: sessionStore, key: storageKey, onChange: setState }),
    [storageKey],
  );
  useEffect(() => {
    // Again after a StrictMode remount, which disposed the first run; it reports through onChange.
    countdown.resume();
    return () => countdown.dispose();
  }, [countdown]);

  const current = state ?? countdown.getState();
  async function onClick() {
    const pending = send();
    if (pending === false) return;
    setSending(true);
    const result = sendCodeResult(await pending.then((r) => r, (error: unknown) => error));
    setSending(false);
    if (result.ok) {
      countdown.started();
      toast.success(result.message);
    } else {
      countdown.reset();
      toast.error(result.message);
    }
  }

  return (
    <button
      type="button"
      className="btn send-code"
      disabled={disabled || sending || current.disabled}
      onClick={() => void onClick()}
      {...aria}
    >
      {sending ? '发送中…' : current.label}
    </button>
  );
}
