import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@gjj-hall/sdk';
import type { ApiData } from '@gjj-hall/sdk/api';
import { client } from '../../../shared/services';
import { usePageTitle } from '../../../shared/use-page-title';
import { typedReceiptCode } from '../receipt-code';
import { VerifyCodeForm } from './jczm-verify-page';
import './jczm-verify.css';

/** What the public check answers (docs/api-unit-business.md › 单位缴存证明, `dwjczm/verify`). */
type UnitCertificateCheck = ApiData<'/api/izfgjj-zhfw/v1/dwjczm/verify', 'get'>;

export const UNIT_VERIFY_MESSAGES = Object.freeze({ empty: '请输入验证码', format: '验证码为 16 位字母和数字，请核对后重新输入' });

const month = (p: string | undefined) => (p && /^\d{6}$/.test(p) ? `${p.slice(0, 4)} 年 ${Number(p.slice(4))} 月` : '—');

/**
 * /dwjczmVerify?code= (issue 34; public, no sign-in): checks a unit's deposit certificate (单位缴存证明, GJ0209) by
 * the code printed on it or its QR. A valid one shows the frozen facts, the unit's name and account masked; a wrong
 * and an unknown code get the same sentence. The server limits tries per client address. The code field is the
 * personal check's (`VerifyCodeForm`).
 */
export function DwjczmVerifyPage() {
  usePageTitle('单位缴存证明核验');
  const id = useId();
  const [params, setParams] = useSearchParams();
  const fromLink = params.get('code') ?? '';
  const [code, setCode] = useState(fromLink);
  const [shownLink, setShownLink] = useState(fromLink);
  if (shownLink !== fromLink) {
    setShownLink(fromLink);
    setCode(fromLink);
  }
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<{ key: string; answer?: UnitCertificateCheck; failure?: string } | null>(null);
  const result = useRef<HTMLElement | null>(null);
  const key = `${fromLink}#${attempt}`;
  const busy = !!fromLink && outcome?.key !== key;
  const current = outcome?.key === key ? outcome : null;
  const answer = current?.answer ?? null;
  const failure = current?.failure ?? '';

  useEffect(() => {
    if (!fromLink) return;
    let live = true;
    client.get<UnitCertificateCheck>('/api/izfgjj-zhfw/v1/dwjczm/verify', { params: { code: fromLink }, silent: true }).then(
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
    const typed = typedReceiptCode(code);
    const message = !code.trim() ? UNIT_VERIFY_MESSAGES.empty : typed ? '' : UNIT_VERIFY_MESSAGES.format;
    setError(message);
    if (message) {
      document.getElementById(`${id}-code`)?.focus();
      return;
    }
    if (typed === fromLink.toUpperCase()) setAttempt((n) => n + 1);
    else setParams({ code: typed }, { replace: true });
  };

  const valid = answer?.zt === '01';
  const c = valid ? answer.certificate : null;
  return (
    <section className="page jczm-verify" aria-labelledby="dwjczm-verify-title">
      <h1 id="dwjczm-verify-title">单位缴存证明核验</h1>
      <p className="page__lead">输入单位住房公积金缴存证明上的验证码，或用手机扫描证明上的二维码，核验证明的真伪，无需登录。</p>
      <VerifyCodeForm
        id={id}
        label="核验单位缴存证明"
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
        <section className={`jczm-verify__result${valid ? ' jczm-verify__result--ok' : ' jczm-verify__result--bad'}`} aria-labelledby={`${id}-result`} tabIndex={-1} ref={result}>
          <div role="status">
            <h2 id={`${id}-result`}>{answer.message}</h2>
          </div>
          {c && (
            <dl className="jczm-verify__facts">
              <dt>证明编号</dt>
              <dd>{c.zmbh}</dd>
              <dt>单位名称</dt>
              <dd>{c.dwmc}</dd>
              <dt>单位账号</dt>
              <dd>{c.dwzh}</dd>
              <dt>账户状态</dt>
              <dd>{c.dwzhztmc}</dd>
              <dt>开户日期</dt>
              <dd>{c.khrq}</dd>
              <dt>职工人数</dt>
              <dd>{c.openEmployees ?? 0} 人</dd>
              <dt>缴至年月</dt>
              <dd>{month(c.jzny)}</dd>
              <dt>月汇缴额</dt>
              <dd>{c.monthly} 元</dd>
              <dt>出具日期</dt>
              <dd>{c.issuedDate}</dd>
              <dt>有效期至</dt>
              <dd>{c.validUntil}</dd>
              {c.purpose ? (
                <>
                  <dt>证明用途</dt>
                  <dd>{c.purpose}</dd>
                </>
              ) : null}
            </dl>
          )}
          {c && <p className="page__muted">以上为证明出具时的信息，单位名称和账号已按规定隐去部分内容。如有疑问请致电 12329。</p>}
          {!valid && answer.certificate?.issuedDate ? (
            <p className="page__muted">
              证明编号 {answer.certificate.zmbh}，出具日期 {answer.certificate.issuedDate}。
            </p>
          ) : null}
        </section>
      )}
    </section>
  );
}

export default DwjczmVerifyPage;
