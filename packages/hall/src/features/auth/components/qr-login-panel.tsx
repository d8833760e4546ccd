import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { LoginType } from '@gjj-hall/sdk';
import { afterSignInPath, LOGIN_TYPE_OPTIONS, loginFailureMessage } from '../login-form';

const loadDialog = () => import('./qr-login-dialog');
const QrLoginDialog = lazy(async () => ({ default: (await loadDialog()).QrLoginDialog }));

/**
 * The QR method of the login page (spec 2.6, 2.7): a button opens the QR authentication dialog for the chosen login
 * type; once a person has confirmed the code on the confirmation page, the dialog closes and this tab signs in.
 */
export function QrLoginPanel({ loginType }: { loginType: LoginType }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that closing it hands the focus back to the button.
  const [mounted, setMounted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const typeName = LOGIN_TYPE_OPTIONS.find((o) => o.value === loginType)?.label ?? '';

  // The tab was opened: fetch the dialog's chunk now rather than on the click.
  useEffect(() => void loadDialog().catch(() => undefined), []);

  const confirmed = async (signIn: () => Promise<void>) => {
    setOpen(false);
    setBusy(true);
    try {
      await signIn();
      navigate(afterSignInPath(search), { replace: true });
    } catch (error) {
      setFailure(loginFailureMessage(error));
      setBusy(false);
    }
  };

  return (
    <div className="qr-login">
      <div className="form-alert" role="alert">
        {failure}
      </div>
      <p className="qr-login__lead">
        使用已登录网上业务大厅的政务 App 扫描二维码，在手机上确认后，即可在本机登录{typeName}账号。
      </p>
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={busy}
        onClick={() => {
          setFailure('');
          setMounted(true);
          setOpen(true);
        }}
      >
        {busy ? '正在登录…' : '显示登录二维码'}
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <QrLoginDialog
            open={open}
            loginType={loginType}
            typeName={typeName}
            onConfirmed={(signIn) => void confirmed(signIn)}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
