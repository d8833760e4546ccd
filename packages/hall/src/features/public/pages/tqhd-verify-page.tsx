import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@gjj-hall/sdk';
import { formatMoney } from '@gjj-hall/sdk/format';
import { client } from '../../../shared/services';
import { usePageTitle } from '../../../shared/use-page-title';
import { typedReceiptCode } from '../receipt-code';
import { VerifyCodeForm } from './jczm-verify-page';
import './jczm-verify.css';

/** What the public check answers (docs/api-withdrawals.md › Lists and papers, `tq/hdVerify`). */
interface ReceiptCheck {
  valid: boolean;
  message: string;
  receipt?: null | {
    hdbh?: string;
    ywmc?: string;
    tqyymc?: string;
    xingming?: string;
    zjhm?: string;
    tqje?: string;
    paidOn?: string;
    skyhmc?: string;
    skzh?: string;
    completedAt?: string;
  };
}

export const RECEIPT_VERIFY_MESSAGES = Object.freeze({ empty: '请输入验证码', format: '验证码为 16 位字母和数字，请核对后重新输入' });


/**
 * /tqhdVerify?code= (issue 33; public, no sign-in): checks a withdrawal receipt (提取回单) by the code printed on it or
 * its QR. A valid one shows the receipt's frozen facts masked (name 张*, ID number, card); a wrong and an unknown code
 * get the same sentence. The server limits tries per client address.
 */
export function TqhdVerifyPage() {
  usePageTitle('提取回单核验');
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
  const [outcome, setOutcome] = useState<{ key: string; answer?: ReceiptCheck; failure?: string } | null>(null);
  const result = useRef<HTMLElement | null>(null);
  const key = `${fromLink}#${attempt}`;
  const busy = !!fromLink && outcome?.key !== key;
  const current = outcome?.key === key ? outcome : null;
  const answer = current?.answer ?? null;
  const failure = current?.failure ?? '';

  useEffect(() => {
    if (!fromLink) return;
    let live = true;
    client.get<ReceiptCheck>('/api/izfgjj-zhfw/v1/tq/hdVerify', { params: { code: fromLink }, silent: true }).then(
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
    const message = !code.trim() ? RECEIPT_VERIFY_MESSAGES.empty : typed ? '' : RECEIPT_VERIFY_MESSAGES.format;
    setError(message);
    if (message) {
      document.getElementById(`${id}-code`)?.focus();
      return;
    }
    if (typed === fromLink.toUpperCase()) setAttempt((n) => n + 1);
    else setParams({ code: typed }, { replace: true });
  };

  const r = answer?.valid ? answer.receipt : null;
  return (
    <section className="page jczm-verify" aria-labelledby="tqhd-verify-title">
      <h1 id="tqhd-verify-title">提取回单核验</h1>
      <p className="page__lead">输入住房公积金提取回单上的验证码，或用手机扫描回单上的二维码，核验回单的真伪，无需登录。</p>
      <VerifyCodeForm
        id={id}
        label="核验提取回单"
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
          className={`jczm-verify__result${answer.valid ? ' jczm-verify__result--ok' : ' jczm-verify__result--bad'}`}
          aria-labelledby={`${id}-result`}
          tabIndex={-1}
          ref={result}
        >
          <div role="status">
            <h2 id={`${id}-result`}>{answer.message}</h2>
          </div>
          {r && (
            <dl className="jczm-verify__facts">
              <dt>回单编号</dt>
              <dd>{r.hdbh}</dd>
              <dt>提取业务</dt>
              <dd>
                {r.ywmc}
                {r.tqyymc ? `（${r.tqyymc}）` : ''}
              </dd>
              <dt>姓名</dt>
              <dd>{r.xingming}</dd>
              <dt>证件号码</dt>
              <dd>{r.zjhm}</dd>
              <dt>提取金额</dt>
              <dd>{r.tqje ? `${formatMoney(r.tqje)} 元` : '—'}</dd>
              <dt>收款账户</dt>
              <dd>
                {r.skyhmc} {r.skzh}
              </dd>
              <dt>入账日期</dt>
              <dd>{r.paidOn}</dd>
              <dt>办结时间</dt>
              <dd>{r.completedAt}</dd>
            </dl>
          )}
          {r && <p className="page__muted">以上为提取办结时的信息，个人信息已按规定隐去部分内容。如有疑问请致电 12329。</p>}
        </section>
      )}
    </section>
  );
}

export default TqhdVerifyPage;
