import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { stores } from '../../../shared/services';
import { usePageTitle } from '../../../shared/use-page-title';
import { SSO_INSECURE_MESSAGE } from '@gjj-hall/sdk/auth';
import {
  openedByPlatform,
  redeemAuthCode,
  SSO_NOT_OPEN_MESSAGE,
  SSO_STORAGE_BLOCKED_MESSAGE,
  SSO_UNREACHABLE_MESSAGE,
  startSsoSignIn,
  takeSsoReturn,
  type SsoStart,
} from '../api/sso';
import { loginFailureMessage } from '../login-form';

/** Why a sign-on did not start, in words. */
const NOT_STARTED: Record<Exclude<SsoStart, 'going'>, string> = {
  'not-open': SSO_NOT_OPEN_MESSAGE,
  'no-storage': SSO_STORAGE_BLOCKED_MESSAGE,
  insecure: SSO_INSECURE_MESSAGE,
  unreachable: SSO_UNREACHABLE_MESSAGE,
};

/**
 * /zwLogin (spec 2.1): the return from the government service platform. The authCode leaves the address at once,
 * the `state` is checked against the one kept when the citizen left, and the code is exchanged by POST with the PKCE
 * verifier kept for it; then home, or, when the trip was for a registration's verified identity, that page.
 * Opened without authCode and state, the platform is opening the hall (a link or a frame): home when already signed
 * in, else the same sign-in as the login page's link, leaving no history entry behind. Where the browser will not let
 * this page keep the sign-in's state (framed by another site with third-party storage blocked), it says so and offers
 * the hall in a new window instead of failing.
 */
export function ZwLoginPage() {
  usePageTitle('政务服务网登录');
  const navigate = useNavigate();
  const [failure, setFailure] = useState('');
  // Read once, before the return's code is taken out of the address.
  const [opened] = useState(openedByPlatform);
  const started = useRef(false);

  const go = useCallback(
    () => void startSsoSignIn({ replace: true }).then((outcome) => outcome === 'going' || setFailure(NOT_STARTED[outcome])),
    [],
  );
  // Another try from the page itself (the platform may be back): the same trip, from the start.
  const retry = (event: MouseEvent) => {
    event.preventDefault();
    setFailure('');
    go();
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (opened) {
      if (stores.session.$signedIn.get()) return void navigate('/', { replace: true });
      go();
      return;
    }
    const checked = takeSsoReturn();
    // A failed check sends nothing: the code stays unspent.
    const redeeming = checked.ok ? redeemAuthCode(checked) : Promise.reject(new Error(checked.message));
    redeeming.then(
      (next) => navigate(next, { replace: true }),
      (error: unknown) => setFailure(checked.ok ? loginFailureMessage(error) : checked.message),
    );
  }, [go, navigate, opened]);

  return (
    <section className="page login" aria-labelledby="zw-title">
      <h1 id="zw-title" className="login__title">
        政务服务网登录
      </h1>
      {failure ? (
        <>
          <div className="form-alert" role="alert">
            {failure}
          </div>
          <p className="login__note">
            {failure === SSO_STORAGE_BLOCKED_MESSAGE ? (
              // This page's own /zwLogin (the hash resolves against it) in a window of its own, which is not a third
              // party: its storage works, and the platform's cookie goes with it.
              <a href="#/zwLogin" target="_blank" rel="noopener noreferrer">
                在新窗口中打开网上业务大厅
              </a>
            ) : failure === SSO_UNREACHABLE_MESSAGE ? (
              <>
                <a href="#/zwLogin" onClick={retry}>
                  重新连接政务服务网
                </a>
                <span aria-hidden="true"> · </span>
                <Link to="/login">返回登录页</Link>
              </>
            ) : (
              <Link to="/login">返回登录页</Link>
            )}
          </p>
        </>
      ) : (
        <p className="login__note" role="status">
          {opened ? '正在前往政务服务网…' : '正在登录，请稍候…'}
        </p>
      )}
    </section>
  );
}
