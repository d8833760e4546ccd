import { Link } from 'react-router';
import type { LoginType } from '@gjj-hall/sdk';

/** The links under the login form for each login type: (spec 2.1) registration and first passwords. */
const LINKS: Readonly<Record<LoginType, { label: string; links: ReadonlyArray<readonly [to: string, text: string]> }>> = {
  1: {
    label: '个人注册',
    links: [
      ['/userRegister', '个人注册'],
      ['/lhjyrysl', '灵活就业人员开户'],
      ['/yddkryzc', '异地贷款人员注册'],
    ],
  },
  2: {
    label: '单位注册与密码',
    links: [
      ['/dwRegister', '单位注册'],
      ['/setLoginPwd', '设置登录密码'],
      ['/UnitDeposit', '单位缴存登记'],
    ],
  },
  3: { label: '开发商密码', links: [['/setQtLoginPwd', '设置登录密码']] },
};

/**
 * The registration and password links of the chosen login type, under the login form. 忘记密码？ (SMS recovery,
 * /forgotPwd) sits in the account form for every type; a unit or developer can also set its password afresh through
 * its handler (/setLoginPwd, /setQtLoginPwd).
 */
export function LoginLinks({ loginType }: { loginType: LoginType }) {
  const { label, links } = LINKS[loginType];
  return (
    <nav className="login__links" aria-label={label}>
      {links.map(([to, text]) => (
        <Link key={to} to={to}>
          {text}
        </Link>
      ))}
    </nav>
  );
}
