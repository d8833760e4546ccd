import { useMemo } from 'react';
import type { LoginType } from '@gjj-hall/sdk';
import { QrAuthDialog } from '../../../shared/ui/qr-auth-dialog';
import { createQrLogin } from '../api/qr-login';

export interface QrLoginDialogProps {
  open: boolean;
  loginType: LoginType;
  /** Shown in the instruction: 个人, 单位 or 开发商. */
  typeName: string;
  /** The code was confirmed: the dialog is done; `signIn` turns the code into this tab's session. */
  onConfirmed: (signIn: () => Promise<void>) => void;
  onClose: () => void;
}

/**
 * The QR authentication dialog with the login calls (a chunk of its own, loaded when the QR tab is first opened so
 * that /login stays within its size budget).
 */
export function QrLoginDialog({ open, loginType, typeName, onConfirmed, onClose }: QrLoginDialogProps) {
  // The dialog is modal: the login type cannot change while a code is shown.
  const qr = useMemo(() => createQrLogin(loginType), [loginType]);
  return (
    <QrAuthDialog
      open={open}
      instruction={`请用政务 App 扫码，并在手机上确认${typeName}登录`}
      load={qr.load}
      poll={qr.poll}
      onSuccess={(codeId) => onConfirmed(() => qr.signIn(codeId))}
      onClose={onClose}
    />
  );
}
