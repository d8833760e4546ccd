import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Captcha, CaptchaAnswer } from '@gjj-hall/sdk/auth';
import { rules } from '@gjj-hall/sdk/validate';
import { loadCaptcha } from '../api/captcha';
import { TextField } from './text-field';

const captchaRule = rules.captcha();

/** Shown when a call needs the captcha and the picture did not load (the account form's words). */
export const CAPTCHA_LOAD_FAILED_MESSAGE = '验证码加载失败，请点击“看不清，换一张”重新获取';

/** The picture captcha of a form: the picture, what is typed, its message. */
export interface CaptchaState {
  captcha: Captcha | null;
  failed: boolean;
  value: string;
  error: string;
  setValue(value: string): void;
  /** Checks the typed answer on leaving the field. */
  blur(): void;
  /** A new picture, and what was typed cleared (each picture serves one call, right or wrong). */
  refresh(): void;
  /**
   * The answer to send, or null (its message shown, the field focused) when it is missing, malformed, or the
   * picture did not load.
   */
  take(): CaptchaAnswer | null;
  /** Wires the input (its `ref`), so `take` can focus it. */
  attach(el: HTMLInputElement | null): void;
}

/**
 * The picture captcha every call that sends an SMS code or names an account before sign-in needs (issue 18). The
 * first picture loads with the form; `refresh` fetches the next after each call, whatever it answered.
 */
export function useCaptcha(): CaptchaState {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [failed, setFailed] = useState(false);
  const [value, setValueState] = useState('');
  const [error, setError] = useState('');
  const [input, setInput] = useState<HTMLInputElement | null>(null);

  const show = useCallback((loading: Promise<Captcha>) => {
    loading
      .then((next) => {
        setCaptcha(next);
        setFailed(false);
      })
      .catch(() => setFailed(true));
  }, []);
  useEffect(() => show(loadCaptcha()), [show]);

  return useMemo<CaptchaState>(
    () => ({
      captcha,
      failed,
      value,
      error,
      setValue(next) {
        const cleaned = next.replace(/\s/g, '');
        setValueState(cleaned);
        // Once a message shows, it follows what is typed.
        if (error) setError(captchaRule(cleaned));
      },
      blur: () => setError(captchaRule(value)),
      refresh() {
        setValueState('');
        // The spent picture goes at once: it cannot be answered again.
        setCaptcha(null);
        setFailed(false);
        show(loadCaptcha());
      },
      take() {
        const message = captchaRule(value) || (captcha ? '' : CAPTCHA_LOAD_FAILED_MESSAGE);
        setError(message);
        if (message || !captcha) {
          input?.focus();
          return null;
        }
        return { uuid: captcha.uuid, code: value };
      },
      attach: setInput,
    }),
    [captcha, failed, value, error, show, input],
  );
}

export interface CaptchaFieldProps {
  id: string;
  state: CaptchaState;
  /** @default '图形验证码' (the account form says 验证码: it has no SMS code beside it) */
  label?: string;
}

/** The captcha field: the input, the picture and 看不清，换一张, as on the account form (spec 2.6). */
export function CaptchaField({ id, state, label = '图形验证码' }: CaptchaFieldProps) {
  const { attach, value, error, setValue, blur, captcha, failed, refresh } = state;
  return (
    <TextField
      id={id}
      label={label}
      ref={attach}
      name="code"
      autoComplete="off"
      maxLength={6}
      placeholder="请输入图形验证码"
      value={value}
      error={error}
      onChange={(e) => setValue(e.target.value)}
      onBlur={blur}
      addon={<CaptchaPicture captcha={captcha} failed={failed} onRefresh={refresh} />}
    />
  );
}

/**
 * The picture (or 加载中 / 加载失败 in its place) and 看不清，换一张, beside a captcha input: the account form's markup
 * and classes (account-form.tsx keeps its own copy, so the login page's first chunk does not grow).
 */
export function CaptchaPicture({ captcha, failed, onRefresh }: { captcha: Captcha | null; failed: boolean; onRefresh: () => void }) {
  return (
    <span className="captcha">
      {captcha ? (
        // data-uuid names the picture for the end-to-end tests, which read its answer from the development outbox.
        <img className="captcha__image" src={captcha.img} alt="图形验证码" width={120} height={42} data-uuid={captcha.uuid} />
      ) : (
        <span className="captcha__image captcha__image--empty">{failed ? '加载失败' : '加载中'}</span>
      )}
      <button type="button" className="link-button" onClick={onRefresh}>
        看不清，换一张
      </button>
      <span className="captcha__hint">2 分钟内有效</span>
    </span>
  );
}
