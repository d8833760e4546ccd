import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { LoginType } from '@gjj-hall/sdk';
import { QrAuthDialog } from '../../../shared/ui/qr-auth-dialog';
import { createQrLogin } from '../api/qr-login';
import { afterSignInPath, LOGIN_TYPE_OPTIONS, loginFailureMessage } from '../login-form';

/**
 * The QR method of the login page (spec 2.6, 2.7): a button opens the QR authentication dialog for the chosen login
 * type; once a person has confirmed the code on the confirmation page, the dialog closes and this tab signs in.
 */
export function QrLoginPanel({ loginType }: { loginType: LoginType }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  // The dialog is modal: the login type cannot change while a code is shown.
  const qr = useMemo(() => createQrLogin(loginType), [loginType]);
  const typeName = LOGIN_TYPE_OPTIONS.find((o) => o.value === loginType)?.label ?? '';

  const succeeded = async (codeId: string) => {
    setOpen(false);
    setBusy(true);
    try {
      await qr.signIn(codeId);
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
          setOpen(true);
        }}
      >
        {busy ? '正在登录…' : '显示登录二维码'}
      </button>
      <QrAuthDialog
        open={open}
        instruction={`请使用政务 App 扫描二维码，并在手机上确认${typeName}登录`}
        load={qr.load}
        poll={qr.poll}
        onSuccess={(codeId) => void succeeded(codeId)}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}
