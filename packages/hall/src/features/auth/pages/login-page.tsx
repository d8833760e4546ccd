import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import type { LoginType } from '@gjj-hall/sdk';
import { useStore } from '@nanostores/react';
import { stores } from '../../../shared/services';
import { usePageTitle } from '../../../shared/use-page-title';
import { Tabs } from '../../../shared/ui/tabs';
import { AccountForm } from '../components/account-form';
import { QrLoginPanel } from '../components/qr-login-panel';
import { GovLoginLink } from '../components/gov-login-link';
import { LoginLinks } from '../components/login-links';
import { LOGIN_METHODS, LOGIN_TYPE_OPTIONS, type LoginMethodKey } from '../login-form';
import '../register.css';

/** Session storage key the idle watcher sets (app/idle-watcher.tsx; a string here, so this page does not import it). */
const IDLE_SIGNED_OUT_KEY = 'gjj-idle-signed-out';
/** What the login page says after an idle sign-out. */
export const IDLE_SIGNED_OUT_MESSAGE = '您已超过 30 分钟未操作，为保护账户安全已自动退出，请重新登录。';

/** What each login method's tab shows. Each form takes the chosen login type. */
const PANELS: Readonly<Record<LoginMethodKey, ComponentType<{ loginType: LoginType }>>> = {
  account: AccountForm,

  // The SMS and certificate forms (with their calls and signing code) load when their tab is first opened.
  sms: lazy(async () => ({ default: (await import('../components/sms-form')).SmsForm })),

  qr: QrLoginPanel,

  ca: lazy(async () => ({ default: (await import('../components/ca-form')).CaForm })),
};

const loading = (
  <p className="login__note" role="status">
    正在加载，请稍候…
  </p>
);

/**
 * /login (spec 2.6): the login type (个人, 单位, 开发商; individual by default, remembered for the tab) and the
 * login methods as tabs: account and password, SMS code, QR scan, digital certificate.
 */
export function LoginPage() {
  usePageTitle('用户登录');
  const loginType = useStore(stores.session.$loginType);
  const [method, setMethod] = useState(0);
  const current = LOGIN_METHODS[method] ?? LOGIN_METHODS[0];
  // Forms are mounted when their tab is first opened (a QR code or a certificate prompt only then).
  const [opened, setOpened] = useState<LoginMethodKey[]>(['account']);
  // Signed out for idleness (app/idle-watcher.tsx): said once, here, so the person knows why (issue 37).
  // In a frame on another site the browser may refuse storage (reading it throws): then there is nothing to say.
  const [idle] = useState(() => {
    try {
      return sessionStorage.getItem(IDLE_SIGNED_OUT_KEY) === '1';
    } catch {
      return false;
    }
  });
  useEffect(() => {
    try {
      sessionStorage.removeItem(IDLE_SIGNED_OUT_KEY);
    } catch {
      // Storage refused (a third-party frame): nothing was kept.
    }
  }, []);
  const choose = (index: number) => {
    setMethod(index);
    const key = LOGIN_METHODS[index]?.key;
    if (key && !opened.includes(key)) setOpened([...opened, key]);
  };

  return (
    <section className="page login" aria-labelledby="login-title">
      <h1 id="login-title" className="login__title">
        用户登录
      </h1>
      {idle && (
        <p className="login__idle" role="status">
          {IDLE_SIGNED_OUT_MESSAGE}
        </p>
      )}
      <fieldset className="login__types">
        <legend className="visually-hidden">登录类型</legend>
        {LOGIN_TYPE_OPTIONS.map((option) => (
          <label key={option.value} className={`segment${loginType === option.value ? ' segment--on' : ''}`}>
            <input
              type="radio"
              name="loginType"
              value={option.value}
              checked={loginType === option.value}
              onChange={() => stores.session.update({ loginType: option.value as LoginType })}
            />
            <span>{option.label}登录</span>
          </label>
        ))}
      </fieldset>
      <Tabs label="登录方式" items={LOGIN_METHODS.map((m) => ({ key: m.key, label: m.label }))} active={method} onChange={choose}>
        {/* Each form stays mounted once opened, so what was typed survives a look at another tab. */}
        {LOGIN_METHODS.map(({ key }) => {
          const Panel = PANELS[key];
          if (!opened.includes(key)) return null;
          return (
            <div key={key} hidden={current.key !== key}>
              <Suspense fallback={loading}>
                <Panel loginType={loginType} />
              </Suspense>
            </div>
          );
        })}
      </Tabs>
      <GovLoginLink />
      <LoginLinks loginType={loginType} />
      {/* Back to the public home (issue 23): the calculator, policies, rates and complaints need no sign-in. */}
      <p className="login__home">
        <Link to="/index">返回首页</Link>
      </p>
    </section>
  );
}
