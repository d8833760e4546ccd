import { fetchTwoCheckCode, fetchTwoCheckGrant, fetchTwoCheckStatus } from '@gjj-hall/sdk/auth';
import { client } from '../services';
import { toast } from '../toast';
import { useState } from 'react';
import { QrAuthDialog } from './qr-auth-dialog';
import { prefersSmsCheck, TwoCheckSmsDialog } from './two-check-sms';

/** The dialog's title (spec 2.7: scan with the messaging app to authenticate). */
export const TWO_CHECK_TITLE = '请使用政务 App 扫码验证身份';
/** What the dialog says when the phone confirmed but the server has no grant (it decides, not the page). */
export const TWO_CHECK_NOT_GRANTED = '身份验证未完成，请重新扫码验证';

/**
 * Whether the server lets this session open a menu now (twoCheck/grant): verified a moment ago, signed in by face, or
 * no check needed. Here, in the dialog's chunk, so that the shell does not carry the call.
 *
 * @example
 * if (await isTwoCheckGranted('1112')) navigate(to)
 */
export async function isTwoCheckGranted(menuId: string): Promise<boolean> {
  return (await fetchTwoCheckGrant(client, menuId)).granted;
}

export interface TwoCheckDialogProps {
  open: boolean;
  /** The enable-10 menu to open. */
  menuId: string;
  menuTitle: string;
  /** The server holds a grant for this session and menu: open it. */
  onVerified: () => void;
  /** Closed without a grant (×, Esc): the menu stays closed. */
  onClose: () => void;
}

/**
 * The second check of a menu with enable 10 (spec 2.7, 4.2, 4.4; docs/api-qr.md): the QR of twoCheck/getQrCode,
 * polled every 3 s; once the same login has confirmed on its phone (status 10), the server is asked for the grant and
 * only then is the menu opened.
 *
 * @example
 * <TwoCheckDialog open menuId="1112" menuTitle="个人明细查询" onVerified={() => navigate(to)} onClose={close} />
 */
export function TwoCheckDialog({ open, menuId, menuTitle, onVerified, onClose }: TwoCheckDialogProps) {
  // Issue 37: on a phone-sized or touch device the SMS code first (the phone in hand cannot scan itself); a desktop
  // starts with the QR code and offers the SMS code as a link.
  const [way, setWay] = useState<'qr' | 'sms'>(() => (prefersSmsCheck() ? 'sms' : 'qr'));
  const verified = async () => {
    try {
      if ((await fetchTwoCheckGrant(client, menuId)).granted) onVerified();
      else {
        toast.warning(TWO_CHECK_NOT_GRANTED);
        onClose();
      }
    } catch {
      // The client's hooks have said what went wrong (401 and 403 dialogs, a toast otherwise).
      onClose();
    }
  };
  if (way === 'sms') {
    return <TwoCheckSmsDialog open={open} menuId={menuId} menuTitle={menuTitle} onVerified={onVerified} onClose={onClose} onUseQr={() => setWay('qr')} />;
  }
  return (
    <QrAuthDialog
      open={open}
      title={TWO_CHECK_TITLE}
      instruction={`办理“${menuTitle}”前需验证本人身份：请在已登录本人账号的手机上扫码，并确认`}
      imageAlt="身份验证二维码"
      scannedText="已扫码，请在手机上确认"
      load={() => fetchTwoCheckCode(client, menuId)}
      poll={(codeId) => fetchTwoCheckStatus(client, codeId)}
      onSuccess={() => void verified()}
      onClose={onClose}
      extra={
        <button type="button" className="link-button qr-auth__other" onClick={() => setWay('sms')}>
          没有另一台手机？改用短信验证
        </button>
      }
    />
  );
}
