import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createQrAuth, QR_PENDING_STATUS, type QrAuth, type QrAuthState, type QrCode } from '@gjj-hall/sdk/auth';
import { Dialog } from './dialog';

export interface QrAuthDialogProps {
  open: boolean;
  /** Spec 2.7: scan with the messaging app to authenticate. */
  title?: string;
  /** What to do with the code, under the picture (e.g. 在手机上确认后即可登录). */
  instruction?: string;
  /** The picture's name. @default '扫码登录二维码' */
  imageAlt?: string;
  /** What the dialog says once the phone has the code open (status 1). @default '已扫码，请在手机上确认登录' */
  scannedText?: string;
  /** Fetches a new code (a rejection shows 加载失败，请点击刷新). */
  load: () => Promise<QrCode>;
  /** Asks for a code's status: 9 invalid, 10 success, 11 failed; 1 (ours) means a person has it open. */
  poll: (codeId: string) => Promise<{ status: number | string }>;
  /** Status 10: the dialog has stopped; the parent closes it and continues the verification (spec 4.4). */
  onSuccess: (codeId: string) => void;
  onClose: () => void;
  /** Under the code: another way to do the same (the second check's 改用短信验证, issue 37). */
  extra?: ReactNode;
}

const TERMINAL = new Set<QrAuthState['phase']>(['expired', 'invalid', 'failed', 'error']);

/** What the live region says once per phase (never each second of the countdown). */
function announcement(state: QrAuthState, scanned: boolean, scannedText: string): string {
  if (state.phase === 'loading') return '二维码加载中';
  if (TERMINAL.has(state.phase)) return state.message;
  if (state.phase === 'shown') return scanned ? scannedText : '二维码已显示，请扫码';
  return '';
}

/**
 * The QR authentication dialog of spec 2.7 (380 px, spec 9), over the sdk's machine of spec 4.4: the picture,
 * polled every 3 s, the countdown of `exp`, and over the picture the expired, invalid, failed or load-failed text
 * with a button that fetches a new code. The code is loaded when the dialog opens and dropped when it closes.
 *
 * @example
 * <QrAuthDialog open={open} load={loadCode} poll={pollCode} onSuccess={(id) => { setOpen(false); go(id) }} onClose={() => setOpen(false)} />
 */
export function QrAuthDialog({
  open,
  title = '请使用政务 App 扫码登录',
  instruction,
  imageAlt = '扫码登录二维码',
  scannedText = '已扫码，请在手机上确认登录',
  load,
  poll,
  onSuccess,
  onClose,
  extra,
}: QrAuthDialogProps) {
  const [state, setState] = useState<QrAuthState | null>(null);
  const [scanned, setScanned] = useState(false);
  const machine = useRef<QrAuth | null>(null);
  const refreshButton = useRef<HTMLButtonElement>(null);
  const calls = useRef({ load, poll, onSuccess });
  useEffect(() => {
    calls.current = { load, poll, onSuccess };
  });

  useEffect(() => {
    if (!open) return;
    const qr = createQrAuth({
      load: () => {
        setScanned(false);
        return calls.current.load();
      },
      poll: async (codeId) => {
        const result = await calls.current.poll(codeId);
        if (Number(result.status) === QR_PENDING_STATUS.scanned) setScanned(true);
        return result;
      },
      onChange: setState,
      onSuccess: (codeId) => calls.current.onSuccess(codeId),
    });
    machine.current = qr;
    qr.start();
    return () => {
      qr.stop();
      machine.current = null;
      setState(null);
    };
  }, [open]);

  const phase = state?.phase ?? 'loading';
  const overlay = TERMINAL.has(phase);
  // The refresh button is what a keyboard user needs next: it takes the focus when it appears.
  useEffect(() => {
    if (overlay) refreshButton.current?.focus();
  }, [overlay]);

  const image = state?.codeImgBase64;
  const src = image && !image.startsWith('data:') ? `data:image/png;base64,${image}` : image;
  const left = state?.remainingSeconds;

  return (
    <Dialog title={title} open={open} onClose={onClose} size="qr" className="qr-dialog">
      <div className="qr-auth">
        <div className="qr-auth__frame">
          {src ? (
            <img className="qr-auth__image" src={src} alt={imageAlt} width={240} height={240} />
          ) : (
            <span className="qr-auth__placeholder">{phase === 'loading' ? '二维码加载中…' : ''}</span>
          )}
          {overlay && (
            <div className="qr-auth__overlay">
              <p className="qr-auth__message">{state?.message}</p>
              <button ref={refreshButton} type="button" className="btn btn--primary" onClick={() => machine.current?.refresh()}>
                点击刷新
              </button>
            </div>
          )}
        </div>
        <p className="qr-auth__hint">
          {phase === 'shown' && scanned
            ? scannedText
            : (instruction ?? '请使用政务 App 扫描二维码，并在手机上确认')}
        </p>
        {phase === 'shown' && left !== null && left !== undefined && <p className="qr-auth__countdown">二维码 {left} 秒后过期</p>}
        <p className="visually-hidden" role="status">
          {state ? announcement(state, scanned, scannedText) : ''}
        </p>
        {extra}
      </div>
    </Dialog>
  );
}
