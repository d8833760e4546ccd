import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@gjj-hall/sdk';
import { client } from '../../../shared/services';
import { usePageTitle } from '../../../shared/use-page-title';
import './jczm-verify.css';

/** What the public verification call answers (docs/api-personal.md › 缴存证明): zt 01 有效, 02 已作废, 03 已过期, 04 不存在. */
interface Verification {
  zt: '01' | '02' | '03' | '04';
  ztmc: string;
  message: string;
  certificate: null | {
    zmbh: string;
    xingming?: string;
    zjhm?: string;
    grzh?: string;
    grzhztmc?: string;
    dwmc?: string;
    from?: string;
    to?: string;
    yjce?: string;
    jcjs?: string;
    issuedDate: string;
    validUntil: string;
    purpose?: string;
  };
  months: number;
  paidMonths: number;
}

export const VERIFY_MESSAGES = Object.freeze({ empty: '请输入验证码', format: '验证码为 16 位字母和数字，请核对后重新输入' });

const month = (ym = '') => `${ym.slice(0, 4)}年${ym.slice(5, 7)}月`;

/**
 * /jczmVerify?code= (issue 24; public, no sign-in): checks a deposit certificate by its verification code, typed or
 * from the certificate's QR. While it is valid the certificate's facts show masked (name 张*, ID and account
 * numbers); otherwise it says 该缴存证明已作废 / 已过期 / 验证码不存在 (the last for a wrong and an unknown code alike).
 * The server limits tries per client address.
 */
export function JczmVerifyPage() {
  usePageTitle('缴存证明核验');
  const id = useId();
  const [params, setParams] = useSearchParams();
  const fromLink = params.get('code') ?? '';
  const [code, setCode] = useState(fromLink);
  // A new code in the address (another QR opened in this tab) shows in the field too.
  const [shownLink, setShownLink] = useState(fromLink);
  if (shownLink !== fromLink) {
    setShownLink(fromLink);
    setCode(fromLink);
  }
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  // The answer for one code and attempt; anything else on screen is a check still running.
  const [outcome, setOutcome] = useState<{ key: string; answer?: Verification; failure?: string } | null>(null);
  const result = useRef<HTMLElement | null>(null);
  const key = `${fromLink}#${attempt}`;
  const busy = !!fromLink && outcome?.key !== key;
  const current = outcome?.key === key ? outcome : null;
  const answer = current?.answer ?? null;
  const failure = current?.failure ?? '';

  useEffect(() => {
    // The QR's link, or the code just typed (put in the address by submit).
    if (!fromLink) return;
    let live = true;
    client.get<Verification>('/api/izfgjj-zhfw/v1/jczm/verify', { params: { code: fromLink }, silent: true }).then(
      ({ data }) => live && setOutcome({ key, answer: data }),
      (e: unknown) => live && setOutcome({ key, failure: errorMessage(e, '核验失败，请稍后再试') }),
    );
    return () => {
      live = false;
    };
  }, [fromLink, key]);
  useEffect(() => {
    if (current) result.current?.focus();
  }, [current]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/[\s-]/g, '');
    const message = !typed ? VERIFY_MESSAGES.empty : /^[0-9A-Za-z]{16}$/.test(typed) ? '' : VERIFY_MESSAGES.format;
    setError(message);
    if (message) {
      document.getElementById(`${id}-code`)?.focus();
      return;
    }
    // The code in the address: the page can be reloaded or shared as it is.
    if (typed.toUpperCase() === fromLink.toUpperCase()) setAttempt((n) => n + 1);
    else setParams({ code: typed.toUpperCase() }, { replace: true });
  };

  const c = answer?.certificate;
  const valid = answer?.zt === '01';
  return (
    <section className="page jczm-verify" aria-labelledby="jczm-verify-title">
      <h1 id="jczm-verify-title">缴存证明核验</h1>
      <p className="page__lead">输入住房公积金缴存证明上的验证码，或用手机扫描证明上的二维码，核验证明的真伪和有效期，无需登录。</p>
      <VerifyCodeForm
        id={id}
        label="核验缴存证明"
        code={code}
        error={error}
        busy={busy}
        onCode={(typed) => {
          setCode(typed);
          if (error) setError('');
        }}
        onSubmit={submit}
      />
      {failure && (
        <div className="jczm-verify__result jczm-verify__result--bad" role="alert" tabIndex={-1} ref={(el) => void (result.current = el)}>
          <h2>{failure}</h2>
        </div>
      )}
      {answer && (
        <section
          className={`jczm-verify__result${valid ? ' jczm-verify__result--ok' : ' jczm-verify__result--bad'}`}
          aria-labelledby={`${id}-result`}
          tabIndex={-1}
          ref={result}
        >
          <div role="status">
            <h2 id={`${id}-result`}>{answer.message}</h2>
          </div>
          {c && (
            <dl className="jczm-verify__facts">
              <dt>证明编号</dt>
              <dd>{c.zmbh}</dd>
              {valid && (
                <>
                  <dt>姓名</dt>
                  <dd>{c.xingming}</dd>
                  <dt>证件号码</dt>
                  <dd>{c.zjhm}</dd>
                  <dt>个人账号</dt>
                  <dd>{c.grzh}</dd>
                  <dt>单位名称</dt>
                  <dd>{c.dwmc || '—'}</dd>
                  <dt>账户状态</dt>
                  <dd>{c.grzhztmc}</dd>
                  <dt>缴存期间</dt>
                  <dd>
                    {month(c.from)}至{month(c.to)}，共 {answer.months} 个月，已缴存 {answer.paidMonths} 个月
                  </dd>
                  <dt>月缴存额</dt>
                  <dd>{c.yjce} 元</dd>
                  {c.purpose ? (
                    <>
                      <dt>证明用途</dt>
                      <dd>{c.purpose}</dd>
                    </>
                  ) : null}
                </>
              )}
              <dt>出具日期</dt>
              <dd>{c.issuedDate}</dd>
              <dt>有效期至</dt>
              <dd>{c.validUntil}</dd>
            </dl>
          )}
          {valid && <p className="page__muted">以上为证明出具时的信息，个人信息已按规定隐去部分内容。如有疑问请致电 12329。</p>}
        </section>
      )}
    </section>
  );
}

export default JczmVerifyPage;

/** Props of {@link VerifyCodeForm}. */
export interface VerifyCodeFormProps {
  /** The page's `useId()`: the field is `${id}-code`, its message `${id}-code-error`. */
  id: string;
  /** The form's accessible name (核验缴存证明, 核验提取回单). */
  label: string;
  code: string;
  error: string;
  busy: boolean;
  /** The typed code; the page clears its message. */
  onCode: (code: string) => void;
  onSubmit: (event: FormEvent) => void;
}

/**
 * The code field and 核验 of the public check pages (here, and used by `tqhd-verify-page.tsx`, which loads this chunk rather than
 * a chunk of its own that every route table would name) (缴存证明核验 `/jczmVerify`, 提取回单核验 `/tqhdVerify`): the
 * verification code as printed (groups of four), its message below it.
 */
export function VerifyCodeForm({ id, label, code, error, busy, onCode, onSubmit }: VerifyCodeFormProps) {
  return (
    <form className="jczm-verify__form" aria-label={label} noValidate onSubmit={onSubmit}>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={`${id}-code`}>
          验证码
        </label>
        <div className="field__control">
          <input
            id={`${id}-code`}
            className="field__input jczm-verify__code"
            name="code"
            value={code}
            maxLength={24}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="如 K7Q2-M9XW-4RT0-ZB6H"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-code-error`}
            onChange={(e) => onCode(e.target.value)}
          />
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? '正在核验…' : '核验'}
          </button>
        </div>
        <p id={`${id}-code-error`} className="field__error">
          {error}
        </p>
      </div>
    </form>
  );
}
