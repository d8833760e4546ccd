import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TwoCheckInfo } from '@gjj-hall/sdk/auth';
import { formatDateTime } from '@gjj-hall/sdk/format';
import { useStore } from '@nanostores/react';
import { stores } from '../../../shared/services';
import { usePageTitle } from '../../../shared/use-page-title';
import { twoCheckCalls } from '../api/qr-confirm';
import { loginFailureMessage } from '../login-form';
import { QR_CONFIRM_WARNING } from './qr-confirm-page';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /qrTwoCheck?codeId= (ours): the phone's side of the second check of a menu with enable 10 (docs/api-qr.md). The
 * QR on the desktop opens it; signed in as the same login, the person sees what is asked (the business, the browser
 * that asks, from where, when) and confirms or refuses. Unlike /qrConfirm it acts on the code of its address: a
 * second-check code belongs to the login that asked for it, and every other login is refused (403), so a link sent
 * to someone else confirms nothing.
 */
export function QrTwoCheckPage() {
  usePageTitle('扫码验证确认');
  const [params] = useSearchParams();
  const signedIn = useStore(stores.session.$signedIn);
  const codeId = params.get('codeId') ?? '';

  return (
    <section className="page qr-confirm" aria-labelledby="qr-two-check-title">
      <h1 id="qr-two-check-title">扫码验证确认</h1>
      <p className="qr-confirm__warning">
        <strong>{QR_CONFIRM_WARNING}</strong>
      </p>
      {!UUID.test(codeId) ? (
        <p role="alert">二维码无效，请在电脑上刷新二维码后重新扫码。</p>
      ) : signedIn ? (
        <Confirm codeId={codeId} />
      ) : (
        <>
          <p>您尚未登录。请先用与电脑上相同的账号登录网上业务大厅，再重新扫描电脑上的二维码。</p>
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

function Confirm({ codeId }: { codeId: string }) {
  const [info, setInfo] = useState<TwoCheckInfo | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(true);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    let live = true;
    twoCheckCalls.scan(codeId).then(
      (next) => {
        if (!live) return;
        setInfo(next);
        setBusy(false);
      },
      (error: unknown) => {
        if (!live) return;
        setFailure(loginFailureMessage(error));
        setBusy(false);
      },
    );
    return () => {
      live = false;
    };
  }, [codeId]);

  const decide = async (decision: 'confirm' | 'refuse') => {
    setBusy(true);
    setFailure('');
    try {
      setInfo(await twoCheckCalls[decision](codeId));
      setOutcome(decision === 'confirm' ? 'confirmed' : 'refused');
    } catch (error) {
      setFailure(loginFailureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const open = info && (info.status === 'waiting' || info.status === 'scanned') && !outcome;
  return (
    <>
      <div className="form-alert" role="alert">
        {failure}
      </div>
      {busy && !info && !failure && <p role="status">正在读取验证请求…</p>}
      {info && (
        <>
          <p>您的账号正在电脑上办理以下业务，需要您本人确认：</p>
          <dl className="qr-confirm__facts">
            <dt>办理业务</dt>
            <dd>{info.menuTitle}</dd>
            <dt>请求验证的浏览器</dt>
            <dd>{info.browser || '未知浏览器'}</dd>
            <dt>请求地点</dt>
            <dd>{info.place || '未知地址'}</dd>
            <dt>请求时间</dt>
            <dd>{formatDateTime(info.createdAt)}</dd>
            <dt>有效期至</dt>
            <dd>{formatDateTime(info.expiresAt)}</dd>
          </dl>
        </>
      )}
      <div role="status">
        {outcome === 'confirmed' && <p className="qr-confirm__done">已确认，请回到电脑上继续办理。</p>}
        {outcome === 'refused' && <p className="qr-confirm__done">已拒绝此次验证。</p>}
      </div>
      {info && !outcome && !open && <p className="qr-confirm__warning">此二维码已处理，请在电脑上刷新二维码后重新扫码。</p>}
      {open && (
        <>
          <p className="qr-confirm__warning">请确认以上是您本人正在使用的电脑；如非本人操作，或有人要求您扫码，请点击“拒绝”。</p>
          <div className="qr-confirm__actions">
            <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void decide('confirm')}>
              确认验证
            </button>
            <button type="button" className="btn" disabled={busy} onClick={() => void decide('refuse')}>
              拒绝
            </button>
          </div>
        </>
      )}
    </>
  );
}
