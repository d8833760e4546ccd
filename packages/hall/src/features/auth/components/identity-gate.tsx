import { useState, type ReactNode } from 'react';
import { SSO_INSECURE_MESSAGE } from '@gjj-hall/sdk/auth';
import { startSsoSignIn, type SsoPurpose } from '../api/sso';
import { forgetIdentity, readKeptIdentity, type KeptIdentity } from '../verified-identity';

/** Why the trip to the platform did not start, for a registration (the counter is the way left). */
const NOT_STARTED = {
  'not-open': '政务服务网登录暂未开通，暂不能在网上办理，请携带本人身份证到住房公积金管理中心柜台办理',
  'no-storage': '当前浏览器不允许本页保存核验状态，请在新窗口中打开网上业务大厅后办理',
  insecure: SSO_INSECURE_MESSAGE,
  unreachable: '政务服务网暂时无法访问，暂不能核验身份，请稍后再试',
} as const;

/** An ID number as maskIdCard shows it (first 3 and last 4), without bringing the format entry into a shared chunk. */
const masked = (zjhm: string) => `${zjhm.slice(0, 3)}${'*'.repeat(Math.max(0, zjhm.length - 7))}${zjhm.slice(-4)}`;

/**
 * A registration of someone not yet on the centre's records needs a verified identity (issue 18): a name and an ID
 * number prove nothing. Without one, `gate` says so and sends the citizen to the government platform's sign-in, which
 * comes back here (/zwLogin, then this page) with the identity; with one, `gate` names whom the platform vouched for
 * and the page shows its form for `identity`.
 *
 * @param purpose this page, where the platform's sign-in comes back to with the verified identity
 * @param what what the page does, e.g. 灵活就业人员开户
 * @example
 * const { identity, gate } = useIdentityGate('/lhjyrysl', '灵活就业人员开户')
 * return <>{gate}{identity && <RegisterForm initialValues={{ xingming: identity.xingming, zjhm: identity.zjhm }} … />}</>
 */
export function useIdentityGate(purpose: SsoPurpose, what: string): { identity: KeptIdentity | null; gate: ReactNode } {
  const [identity, setIdentity] = useState(() => readKeptIdentity());
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  if (identity) {
    const gate = (
      <p className="identity-gate identity-gate--ok">
        已通过政务服务网核验本人身份：{identity.xingming}（{masked(identity.zjhm)}），请在 15 分钟内完成办理。
        <button
          type="button"
          className="link-button"
          onClick={() => {
            forgetIdentity();
            setIdentity(null);
          }}
        >
          不是本人？重新核验
        </button>
      </p>
    );
    return { identity, gate };
  }
  const verify = () => {
    setBusy(true);
    setMessage('');
    void startSsoSignIn({ purpose }).then((outcome) => {
      if (outcome === 'going') return;
      setMessage(NOT_STARTED[outcome]);
      setBusy(false);
    });
  };
  const gate = (
    <section className="identity-gate" aria-labelledby="identity-gate-title">
      <h2 id="identity-gate-title" className="identity-gate__title">
        第一步：核验本人身份
      </h2>
      <p>
        为防止他人冒用身份证号码，{what}须先通过政务服务网登录核验本人身份，仅凭姓名和证件号码不能办理。核验后返回本页，姓名和证件号码将按核验结果填写。
      </p>
      <div className="form-alert" role="alert">
        {message}
      </div>
      <button type="button" className="btn btn--primary" onClick={verify} disabled={busy}>
        {busy ? '正在前往政务服务网…' : '通过政务服务网核验身份'}
      </button>
    </section>
  );
  return { identity: null, gate };
}
