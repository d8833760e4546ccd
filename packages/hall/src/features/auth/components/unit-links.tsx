import { Link } from 'react-router';
import type { LoginType } from '@gjj-hall/sdk';

/**
 * The unit and developer links under the login form: registration, forgotten password and deposit registration for
 * units (login type 2); the other-category password page for developers (3). Individuals see none here.
 */
export function UnitLoginLinks({ loginType }: { loginType: LoginType }) {
  if (loginType === 2) {
    return (
      <nav className="login__links" aria-label="单位注册与密码">
        <Link to="/dwRegister">单位注册</Link>
        <Link to="/setLoginPwd">忘记密码</Link>
        <Link to="/UnitDeposit">单位缴存登记</Link>
      </nav>
    );
  }
  if (loginType === 3) {
    return (
      <nav className="login__links" aria-label="开发商密码">
        <Link to="/setQtLoginPwd">忘记密码</Link>
      </nav>
    );
  }
  return null;
}
