import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Captcha } from '@gjj-hall/sdk/auth';
import type { LoginType } from '@gjj-hall/sdk';
import { loadCaptcha, signIn } from '../api/login';
import {
  afterSignInPath,
  LOGIN_RULES,
  LOGIN_TYPE_OPTIONS,
  loginFailureMessage,
  validateLogin,
  type LoginErrors,
  type LoginField,
  type LoginValues,
} from '../login-form';
import { TextField } from './text-field';

const EMPTY: LoginValues = { username: '', password: '', code: '' };

/**
 * The account and password method (spec 2.6): account, password and picture captcha, each checked with its Chinese
 * message on leaving the field and on submit. A failed attempt keeps what was typed, shows the server's message and
 * fetches a new captcha (each is single use).
 */
export function AccountForm({ loginType }: { loginType: LoginType }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [values, setValues] = useState<LoginValues>(EMPTY);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaFailed, setCaptchaFailed] = useState(false);
  const fields = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});

  const showCaptcha = useCallback((loading: Promise<Captcha>) => {
    loading
      .then((next) => {
        setCaptcha(next);
        setCaptchaFailed(false);
      })
      .catch(() => setCaptchaFailed(true));
  }, []);
  const refreshCaptcha = () => showCaptcha(loadCaptcha());
  useEffect(() => showCaptcha(loadCaptcha()), [showCaptcha]);

  const set = (field: LoginField, value: string) => {
    setValues((v) => ({ ...v, [field]: value.replace(/\s/g, '') }));
    // Once a message shows, it follows what is typed.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: LOGIN_RULES[field](value.replace(/\s/g, '')) }));
  };
  const blur = (field: LoginField) => setErrors((e) => ({ ...e, [field]: LOGIN_RULES[field](values[field]) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateLogin(values);
    setErrors(found);
    const first = (Object.keys(LOGIN_RULES) as LoginField[]).find((f) => found[f]);
    if (first) {
      fields.current[first]?.focus();
      return;
    }
    if (!captcha) {
      setFailure('验证码加载失败，请点击“看不清，换一张”重新获取');
      return;
    }
    setBusy(true);
    setFailure('');
    try {
      await signIn({ loginType, username: values.username, password: values.password, code: values.code, uuid: captcha.uuid });
      navigate(afterSignInPath(search), { replace: true });
    } catch (error) {
      setFailure(loginFailureMessage(error));
      // The captcha is spent by any attempt: a new one, and its answer typed again.
      setValues((v) => ({ ...v, code: '' }));
      refreshCaptcha();
      setBusy(false);
    }
  };

  const placeholder = LOGIN_TYPE_OPTIONS.find((o) => o.value === loginType)?.placeholder ?? '请输入账号';
  return (
    <form className="login-form" noValidate onSubmit={submit} aria-label="账号密码登录">
      <div className="form-alert" role="alert">
        {failure}
      </div>
      <TextField
        id="login-username"
        label="账号"
        ref={(el) => void (fields.current.username = el)}
        name="username"
        autoComplete="username"
        maxLength={20}
        placeholder={placeholder}
        value={values.username}
        error={errors.username}
        onChange={(e) => set('username', e.target.value)}
        onBlur={() => blur('username')}
      />
      <TextField
        id="login-password"
        label="密码"
        ref={(el) => void (fields.current.password = el)}
        name="password"
        type="password"
        autoComplete="current-password"
        maxLength={16}
        placeholder="请输入登录密码"
        value={values.password}
        error={errors.password}
        onChange={(e) => set('password', e.target.value)}
        onBlur={() => blur('password')}
      />
      <TextField
        id="login-code"
        label="验证码"
        ref={(el) => void (fields.current.code = el)}
        name="code"
        autoComplete="off"
        maxLength={6}
        placeholder="请输入图形验证码"
        value={values.code}
        error={errors.code}
        onChange={(e) => set('code', e.target.value)}
        onBlur={() => blur('code')}
        addon={
          <span className="captcha">
            {captcha ? (
              <img className="captcha__image" src={captcha.img} alt="图形验证码" width={120} height={42} />
            ) : (
              <span className="captcha__image captcha__image--empty">{captchaFailed ? '加载失败' : '加载中'}</span>
            )}
            <button type="button" className="link-button" onClick={refreshCaptcha}>
              看不清，换一张
            </button>
          </span>
        }
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
        {busy ? '正在登录…' : '登录'}
      </button>
      <p className="login-form__links">
        <Link to="/forgotPwd">忘记密码？</Link>
      </p>
    </form>
  );
}
