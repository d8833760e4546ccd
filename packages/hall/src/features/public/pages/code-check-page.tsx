import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@gjj-hall/sdk';
import { client } from '../../../shared/services';
import { usePageTitle } from '../../../shared/use-page-title';
import { typedReceiptCode } from '../receipt-code';
import './jczm-verify.css';

// The public check by code of every paper the centre issues with a verification code and a QR (缴存证明 /jczmVerify,
// 提取回单 /tqhdVerify, 单位缴存证明 /dwjczmVerify, 贷款结清证明 /dkjqzmVerify): one page and one code form, each paper
// naming its call and its facts.


/** What a public check by code answers: valid or not, in a sentence (a wrong and an unknown code alike). */
export interface CodeCheck {
  /** Whether the paper is valid (the checks that answer a state `zt` instead say so through `isValid`). */
  valid?: boolean;
  message: string;
}

/** What the code field says when the typed code cannot be one. */
export const CODE_CHECK_MESSAGES = Object.freeze({ empty: '请输入验证码', format: '验证码为 16 位字母和数字，请核对后重新输入' });

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
    const message = !code.trim() ? CODE_CHECK_MESSAGES.empty : typed ? '' : CODE_CHECK_MESSAGES.format;
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
 * The code field and 核验 of the public check pages (缴存证明核验 `/jczmVerify`, 提取回单核验 `/tqhdVerify`, …): the
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
