import { Link } from 'react-router';
import { SIGN_IN_FIRST } from '../../app/system-dialogs';

/**
 * What a page that needs a session shows to someone not signed in (spec 2.3 "a login-expired tip"; issue 18 item 15:
 * a visitor is told to sign in, not that a session expired): the tip and a way to sign in, instead of an empty list
 * or an error.
 */
export function SignInRequired({ what }: { what: string }) {
  return (
    <div className="sign-in-required" role="status">
      <p>{SIGN_IN_FIRST}</p>
      <p className="page__muted">{what}需要登录后查看。</p>
      <Link className="button" to="/login">
        去登录
      </Link>
    </div>
  );
}
