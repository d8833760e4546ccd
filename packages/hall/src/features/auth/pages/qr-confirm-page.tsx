import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { QrScanInfo } from '@gjj-hall/sdk/auth';
import { formatDateTime } from '@gjj-hall/sdk/format';
import { useStore } from '@nanostores/react';
import { stores } from '../../../shared/services';
import { usePageTitle } from '../../../shared/use-page-title';
import { qrConfirmCalls } from '../api/qr-confirm';
import { LOGIN_TYPE_OPTIONS, loginFailureMessage } from '../login-form';

const CODE_ID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

const typeName = (loginType: number) => LOGIN_TYPE_OPTIONS.find((o) => o.value === loginType)?.label ?? '';

/**
 * /qrConfirm?codeId=… (ours): where the login QR leads, standing in for the messaging app. Signed out it says so and
 * offers to sign in and come back; signed in it opens the code (the asking browser then shows 已扫码) and shows who is
 * asking (login type, time, expiry, address), with 确认登录 and 拒绝. Only a person signed in with the code's login
 * type may confirm; anyone signed in may refuse.
 */
export function QrConfirmPage() {
  usePageTitle('扫码登录确认');
  const [params] = useSearchParams();
  const codeId = params.get('codeId') ?? '';
  const signedIn = useStore(stores.session.$signedIn);
  const valid = CODE_ID.test(codeId);

  return (
    <section className="page qr-confirm" aria-labelledby="qr-confirm-title">
      <h1 id="qr-confirm-title">扫码登录确认</h1>
      {!valid ? (
        <p className="form-alert" role="alert">
          二维码地址不完整，请在电脑上刷新二维码后重新扫码。
        </p>
      ) : signedIn ? (
        <ConfirmCode codeId={codeId} />
      ) : (
        <>
          <p>您尚未登录。请先登录网上业务大厅，登录后将回到本页确认电脑上的扫码登录。</p>
          <p>
            <Link className="btn btn--primary" to={`/login?redirect=${encodeURIComponent(`/qrConfirm?codeId=${codeId}`)}`}>
              登录后返回确认
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

type Outcome = 'confirmed' | 'refused' | null;

function ConfirmCode({ codeId }: { codeId: string }) {
  const [info, setInfo] = useState<QrScanInfo | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    let live = true;
    qrConfirmCalls.scan(codeId).then(
      (scanned) => live && setInfo(scanned),
      (error: unknown) => live && setFailure(loginFailureMessage(error)),
    );
    return () => {
      live = false;
    };
  }, [codeId]);

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
      <div className="form-alert" role="alert">
        {failure}
      </div>
      {!info && !failure && <p role="status">正在读取二维码…</p>}
      {info && (
        <>
          <p>有人正在电脑上请求以您的身份登录网上业务大厅：</p>
          <dl className="qr-confirm__facts">
            <dt>登录类型</dt>
            <dd>{name}登录</dd>
            <dt>请求时间</dt>
            <dd>{formatDateTime(info.createdAt)}</dd>
            <dt>有效期至</dt>
            <dd>{formatDateTime(info.expiresAt)}</dd>
            <dt>请求地址</dt>
            <dd>{info.requesterIp || '未知'}</dd>
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
            <p className="qr-confirm__warning">请确认是您本人正在电脑上登录；如非本人操作，请点击“拒绝”。</p>
          ) : (
            <p className="qr-confirm__warning">
              此二维码用于{name}登录，请使用{name}账号登录后再确认。
            </p>
          )}
          <div className="qr-confirm__actions">
            {info.sameType && (
              <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void decide('confirm')}>
                确认登录
              </button>
            )}
            <button type="button" className="btn" disabled={busy} onClick={() => void decide('refuse')}>
              拒绝
            </button>
          </div>
        </>
      )}
    </>
  );
}
