import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { stores } from '../../../shared/services';
import { usePageTitle } from '../../../shared/use-page-title';
import { SSO_NOT_OPEN_MESSAGE, startSsoSignIn } from '../api/sso';
import { openedByPlatform, signInWithAuthCode, takeSsoReturn } from '../api/sso-return';
import { loginFailureMessage } from '../login-form';

/**
 * /zwLogin (spec 2.1): the return from the government service platform. The authCode leaves the address at once,
 * the `state` is checked against the one kept when the citizen left, and the code is exchanged by POST; then home.
 * Opened without authCode and state, the platform is opening the hall (a link or a frame): home when already signed
 * in, else the same sign-in as the login page's link, leaving no history entry behind.
 */
export function ZwLoginPage() {
  usePageTitle('政务服务网登录');
  const navigate = useNavigate();
  const [failure, setFailure] = useState('');
  // Read once, before the return's code is taken out of the address.
  const [opened] = useState(openedByPlatform);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (opened) {
      if (stores.session.$signedIn.get()) return void navigate('/', { replace: true });
      void startSsoSignIn({ replace: true }).then((going) => going || setFailure(SSO_NOT_OPEN_MESSAGE));
      return;
    }
    const checked = takeSsoReturn();
    // A failed check sends nothing: the code stays unspent.
    const signingIn = checked.ok ? signInWithAuthCode(checked.authCode) : Promise.reject(new Error(checked.message));
    signingIn.then(
      () => navigate('/', { replace: true }),
      (error: unknown) => setFailure(checked.ok ? loginFailureMessage(error) : checked.message),
    );
  }, [navigate, opened]);

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
            <Link to="/login">返回登录页</Link>
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
