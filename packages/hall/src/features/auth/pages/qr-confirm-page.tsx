import { useState, type ChangeEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { QrScanInfo } from '@gjj-hall/sdk/auth';
import { formatDateTime } from '@gjj-hall/sdk/format';
import { useStore } from '@nanostores/react';
import { stores } from '../../../shared/services';
import { usePageTitle } from '../../../shared/use-page-title';
import { qrConfirmCalls } from '../api/qr-confirm';
import { LOGIN_TYPE_OPTIONS, loginFailureMessage } from '../login-form';
import { readQrText, scannedCodeId } from '../qr-scan';

const typeName = (loginType: number) => LOGIN_TYPE_OPTIONS.find((o) => o.value === loginType)?.label ?? '';

/** The warning every visitor of the page reads first (issue 18, item 20). */
export const QR_CONFIRM_WARNING = '请勿为他人扫码：中心工作人员不会以任何理由要求您扫码或确认登录。';

/**
 * /qrConfirm (ours): the hall's stand-in for the messaging app's scanner. Signed in, the person scans the login QR on
 * the desktop's screen here (a photo, decoded in the page); the page then claims the code (the asking browser shows
 * 已扫码) and says what is being approved: the login type, the browser that asked, its address and when, with
 * 确认登录 and 拒绝. The `codeId` in this page's own address is never used: a link carries one as easily as a QR
 * does, and a link is how an attacker has a victim confirm the attacker's code (docs/security/qr-token.md).
 */
export function QrConfirmPage() {
  usePageTitle('扫码登录确认');
  const [params] = useSearchParams();
  const signedIn = useStore(stores.session.$signedIn);

  return (
    <section className="page qr-confirm" aria-labelledby="qr-confirm-title">
      <h1 id="qr-confirm-title">扫码登录确认</h1>
      <p className="qr-confirm__warning">
        <strong>{QR_CONFIRM_WARNING}</strong>
      </p>
      {params.has('codeId') && <p>为防止他人骗取登录，本页不会根据链接地址显示或确认登录请求，只处理在本页扫描的二维码。</p>}
      {signedIn ? (
        <ScanAndConfirm />
      ) : (
        <>
          <p>您尚未登录。请先登录网上业务大厅，登录后打开本页，扫描电脑上的二维码。</p>
          <p>
            <Link className="btn btn--primary" to="/login">
              前往登录
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

type Outcome = 'confirmed' | 'refused' | null;

function ScanAndConfirm() {
  const [codeId, setCodeId] = useState('');
  const [info, setInfo] = useState<QrScanInfo | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const scan = async (event: ChangeEvent<HTMLInputElement>) => {
    const picture = event.target.files?.[0];
    event.target.value = '';
    if (!picture) return;
    setBusy(true);
    setFailure('');
    setInfo(null);
    setOutcome(null);
    try {
      const text = await readQrText(picture).catch(() => null);
      const id = scannedCodeId(text);
      if (!id) {
        setFailure(text ? '这不是网上业务大厅的登录二维码，请扫描电脑上显示的登录二维码。' : '未能识别二维码，请对准电脑屏幕上的二维码重新拍摄。');
        return;
      }
      setCodeId(id);
      setInfo(await qrConfirmCalls.scan(id));
    } catch (error) {
      setFailure(loginFailureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const decide = async (decision: 'confirm' | 'refuse') => {
    setBusy(true);
    setFailure('');
    try {
      const next = await qrConfirmCalls[decision](codeId);
      setInfo(next);
      setOutcome(decision === 'confirm' ? 'confirmed' : 'refused');
    } catch (error) {
      setFailure(loginFailureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const open = info && (info.status === 'waiting' || info.status === 'scanned') && !outcome;
  const name = info ? typeName(info.loginType) : '';
  return (
    <>
      {(!open || !info.sameType) && !outcome && (
        <>
          <p>请点击“扫描二维码”，用手机拍摄电脑屏幕上的登录二维码。</p>
          <p>
            <label className={`btn btn--primary qr-confirm__scan${busy ? ' is-disabled' : ''}`}>
              扫描二维码
              <input
                type="file"
                accept="image/*"
                capture="environment"
                className="visually-hidden"
                disabled={busy}
                onChange={(event) => void scan(event)}
              />
            </label>
          </p>
        </>
      )}
      <div className="form-alert" role="alert">
        {failure}
      </div>
      {busy && !info && <p role="status">正在识别二维码…</p>}
      {info && (
        <>
          <p>有人正在电脑上请求以您的身份登录网上业务大厅，请核对：</p>
          <dl className="qr-confirm__facts">
            <dt>登录类型</dt>
            <dd>{name}登录</dd>
            <dt>请求登录的浏览器</dt>
            <dd>{info.browser || '未知浏览器'}</dd>
            <dt>请求地点</dt>
            <dd>{info.place || info.requesterIp || '未知地址'}</dd>
            <dt>请求时间</dt>
            <dd>{formatDateTime(info.createdAt)}</dd>
            <dt>有效期至</dt>
            <dd>{formatDateTime(info.expiresAt)}</dd>
          </dl>
        </>
      )}
      <div role="status">
        {outcome === 'confirmed' && <p className="qr-confirm__done">已确认登录，请回到电脑上继续操作。</p>}
        {outcome === 'refused' && <p className="qr-confirm__done">已拒绝此次登录。</p>}
      </div>
      {info && !outcome && !open && <p className="qr-confirm__warning">此二维码已处理，请在电脑上刷新二维码后重新扫码。</p>}
      {open && (
        <>
          {info.sameType ? (
            <p className="qr-confirm__warning">请确认以上是您本人正在使用的电脑；如非本人操作，或有人要求您扫码，请点击“拒绝”。</p>
          ) : (
            <p className="qr-confirm__warning">
              此二维码用于{name}登录，请使用{name}账号登录后重新扫码。
            </p>
          )}
          {info.sameType && (
            <div className="qr-confirm__actions">
              <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void decide('confirm')}>
                确认登录
              </button>
              <button type="button" className="btn" disabled={busy} onClick={() => void decide('refuse')}>
                拒绝
              </button>
            </div>
          )}
        </>
      )}
    </>
  );
}
