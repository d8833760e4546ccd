import { useId, useState, type FormEvent } from 'react';
import { client } from '../services';
import { Dialog } from './dialog';
import { SendCodeButton } from './send-code-button';
import type { ApiData } from '@gjj-hall/sdk/api';

/** The title of the SMS way of the second check (issue 37, item 2). */
export const TWO_CHECK_SMS_TITLE = '短信验证身份';

const PATH = '/api/auth/v1/twoCheck';

/**
 * Whether this device is one the person holds (a phone-sized screen, or touch as the main pointer): the second check
 * starts with the SMS code there, since a QR code cannot be scanned by the phone showing it. A desktop starts with
 * the QR code and offers the SMS code as a link.
 */
export function prefersSmsCheck(): boolean {
  return matchMedia('(max-width: 640px)').matches || matchMedia('(pointer: coarse)').matches;
}

export interface TwoCheckSmsDialogProps {
  open: boolean;
  menuId: string;
  menuTitle: string;
  /** The server has granted the menu to this session (the same grant a confirmed QR code gives). */
  onVerified: () => void;
  onClose: () => void;
  /** 改用扫码验证. */
  onUseQr: () => void;
}

/**
 * The second check by an SMS code to the phone the centre has on record for the login (twoCheck/sendSmsCode,
 * twoCheck/checkSmsCode; docs/api-qr.md). What was typed stays when a code is wrong.
 */
export function TwoCheckSmsDialog({ open, menuId, menuTitle, onVerified, onClose, onUseQr }: TwoCheckSmsDialogProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const [length, setLength] = useState(6);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const send = () =>
    client.post<ApiData<'/api/auth/v1/twoCheck/sendSmsCode', 'post'>>(`${PATH}/sendSmsCode`, { menuId: Number(menuId) }, { silent: true }).then((envelope) => {
      if (envelope.data?.length) setLength(envelope.data.length);
      return envelope;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!new RegExp(`^\\d{${length}}$`).test(code)) {
      setError(code ? `请输入${length}位短信验证码` : '验证码不能为空');
      return;
    }
    setBusy(true);
    setError('');
    try {
      await client.post(`${PATH}/checkSmsCode`, { menuId: Number(menuId), code }, { silent: true });
      onVerified();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : '验证失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={TWO_CHECK_SMS_TITLE} open={open} onClose={onClose} size="password" className="two-check-sms">
      <form noValidate onSubmit={(e) => void submit(e)} aria-label="短信验证身份">
        <p>{`办理“${menuTitle}”前需验证本人身份：验证码将发送至您账号登记的手机。`}</p>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-code`}>
            短信验证码
          </label>
          <div className="field__control">
            <input
              id={`${id}-code`}
              className="field__input"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={length}
              placeholder={`请输入${length}位短信验证码`}
              value={code}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
            <SendCodeButton storageKey={`twoCheckSms:${menuId}`} send={send} />
          </div>
          {error && (
            <p id={`${id}-error`} className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="two-check-sms__actions">
          <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
            {busy ? '正在验证…' : '验证并继续'}
          </button>
          <button type="button" className="link-button" onClick={onUseQr}>
            改用扫码验证（需另一台已登录的手机）
          </button>
        </div>
      </form>
    </Dialog>
  );
}
