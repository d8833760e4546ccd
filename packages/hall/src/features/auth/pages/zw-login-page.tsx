import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '../../../shared/use-page-title';
import { signInWithAuthCode, takeSsoReturn } from '../api/sso';
import { loginFailureMessage } from '../login-form';

/**
 * /zwLogin (spec 2.1): the return from the government service platform. The authCode leaves the address at once,
 * the `state` is checked against the one kept when the citizen left, and the code is exchanged by POST; then home.
 */
export function ZwLoginPage() {
  usePageTitle('政务服务网登录');
  const navigate = useNavigate();
  const [failure, setFailure] = useState('');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const checked = takeSsoReturn();
    // A failed check sends nothing: the code stays unspent.
    const signingIn = checked.ok ? signInWithAuthCode(checked.authCode) : Promise.reject(new Error(checked.message));
    signingIn.then(
      () => navigate('/', { replace: true }),
      (error: unknown) => setFailure(checked.ok ? loginFailureMessage(error) : checked.message),
    );
  }, [navigate]);

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
          正在登录，请稍候…
        </p>
      )}
    </section>
  );
}
