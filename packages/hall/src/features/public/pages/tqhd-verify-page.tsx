import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@gjj-hall/sdk';
import { formatMoney } from '@gjj-hall/sdk/format';
import { client } from '../../../shared/services';
import { usePageTitle } from '../../../shared/use-page-title';
import { typedReceiptCode } from '../receipt-code';
import { VerifyCodeForm } from './jczm-verify-page';
import './jczm-verify.css';

/** What a public check by code answers: valid or not, in a sentence (a wrong and an unknown code alike). */
export interface CodeCheck {
  /** Whether the paper is valid (the checks that answer a state `zt` instead say so through `isValid`). */
  valid?: boolean;
  message: string;
}

/** What the public check answers (docs/api-withdrawals.md › Lists and papers, `tq/hdVerify`). */
interface ReceiptCheck extends CodeCheck {
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

/** What the settlement certificate's public check answers (docs/api-loans.md › 结清证明, `dkyw/jqzmVerify`). */
interface SettlementCheck extends CodeCheck {
  certificate?: null | { zmbh?: string; xingming?: string; zjhm?: string; jkhtbh?: string; dkje?: string; ffrq?: string; jqrq?: string; cjsj?: string | null };
}

export const RECEIPT_VERIFY_MESSAGES = Object.freeze({ empty: '请输入验证码', format: '验证码为 16 位字母和数字，请核对后重新输入' });

export interface CodeCheckPageProps<A extends CodeCheck> {
  title: string;
  /** The element id of the title. */
  titleId: string;
  lead: string;
  /** The form's accessible name. */
  label: string;
  /** The server's public check, asked with `?code=`. */
  url: string;
  /** The facts of a valid answer, as a description list's children. */
  facts: (answer: A) => ReactNode;
  note: string;
  /** Whether an answer is a valid paper. @default answer.valid */
  isValid?: (answer: A) => boolean;
  /** What a paper that is not valid (revoked, expired) still shows under the sentence. */
  notValid?: (answer: A) => ReactNode;
}

/**
 * A public check by code (no sign-in) of a paper the centre issued with a code and a QR: the code from the address
 * (`?code=`, where the QR leads) or typed in {@link VerifyCodeForm}; a valid one shows the frozen facts masked; a wrong
 * and an unknown code get the same sentence. The server limits tries per client address.
 */
export function CodeCheckPage<A extends CodeCheck>({ title, titleId, lead, label, url, facts, note, isValid = (a) => !!a.valid, notValid }: CodeCheckPageProps<A>) {
  usePageTitle(title);
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
  const [outcome, setOutcome] = useState<{ key: string; answer?: A; failure?: string } | null>(null);
  const result = useRef<HTMLElement | null>(null);
  const key = `${fromLink}#${attempt}`;
  const busy = !!fromLink && outcome?.key !== key;
  const current = outcome?.key === key ? outcome : null;
  const answer = current?.answer ?? null;
  const failure = current?.failure ?? '';

  useEffect(() => {
    if (!fromLink) return;
    let live = true;
    client.get<A>(url, { params: { code: fromLink }, silent: true }).then(
      ({ data }) => live && setOutcome({ key, answer: data }),
      (e: unknown) => live && setOutcome({ key, failure: errorMessage(e, '核验失败，请稍后再试') }),
    );
    return () => {
      live = false;
    };
  }, [fromLink, key, url]);
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

  return (
    <section className="page jczm-verify" aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      <p className="page__lead">{lead}</p>
      <VerifyCodeForm
        id={id}
        label={label}
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
          className={`jczm-verify__result${isValid(answer) ? ' jczm-verify__result--ok' : ' jczm-verify__result--bad'}`}
          aria-labelledby={`${id}-result`}
          tabIndex={-1}
          ref={result}
        >
          <div role="status">
            <h2 id={`${id}-result`}>{answer.message}</h2>
          </div>
          {isValid(answer) && <dl className="jczm-verify__facts">{facts(answer)}</dl>}
          {isValid(answer) && <p className="page__muted">{note}</p>}
          {!isValid(answer) && notValid?.(answer)}
        </section>
      )}
    </section>
  );
}

/**
 * /tqhdVerify?code= (issue 33; public, no sign-in): checks a withdrawal receipt (提取回单) by the code printed on it or
 * its QR. A valid one shows the receipt's frozen facts masked (name 张*, ID number, card).
 */
export function TqhdVerifyPage() {
  return (
    <CodeCheckPage<ReceiptCheck>
      title="提取回单核验"
      titleId="tqhd-verify-title"
      lead="输入住房公积金提取回单上的验证码，或用手机扫描回单上的二维码，核验回单的真伪，无需登录。"
      label="核验提取回单"
      url="/api/izfgjj-zhfw/v1/tq/hdVerify"
      note="以上为提取办结时的信息，个人信息已按规定隐去部分内容。如有疑问请致电 12329。"
      facts={({ receipt: r }) =>
        r && (
          <>
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
          </>
        )
      }
    />
  );
}

/**
 * /dkjqzmVerify?code= (issue 38; public, no sign-in): checks a loan settlement certificate (住房公积金贷款结清证明) by
 * the code printed on it or its QR. A valid one shows the certificate's frozen facts masked (name 刘**, ID number,
 * contract number). Kept in this chunk, as 提取回单核验 is, so no new chunk name enters the entry.
 */
export function DkjqzmVerifyPage() {
  return (
    <CodeCheckPage<SettlementCheck>
      title="贷款结清证明核验"
      titleId="dkjqzm-verify-title"
      lead="输入住房公积金贷款结清证明上的验证码，或用手机扫描证明上的二维码，核验证明的真伪，无需登录。"
      label="核验贷款结清证明"
      url="/api/izfgjj-zhfw/v1/dkyw/jqzmVerify"
      note="以上为出具结清证明时的信息，个人信息已按规定隐去部分内容。如有疑问请致电 12329。"
      facts={({ certificate: c }) =>
        c && (
          <>
            <dt>证明编号</dt>
            <dd>{c.zmbh}</dd>
            <dt>借款人</dt>
            <dd>{c.xingming}</dd>
            <dt>证件号码</dt>
            <dd>{c.zjhm}</dd>
            <dt>借款合同编号</dt>
            <dd>{c.jkhtbh}</dd>
            <dt>贷款金额</dt>
            <dd>{c.dkje ? `${c.dkje} 元` : '—'}</dd>
            <dt>放款日期</dt>
            <dd>{c.ffrq}</dd>
            <dt>结清日期</dt>
            <dd>{c.jqrq}</dd>
            <dt>出具时间</dt>
            <dd>{c.cjsj}</dd>
          </>
        )
      }
    />
  );
}

export default TqhdVerifyPage;
