import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { LoginType } from '@gjj-hall/sdk';
import { signIn } from '../api/login';
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
import { HumanCheckField, useHumanCheck } from './human-check';

const EMPTY: LoginValues = { username: '', password: '', code: '' };
const TYPED: readonly LoginField[] = ['username', 'password'];

/**
 * The account and password method (spec 2.6): account, password and picture captcha, each checked with its Chinese
 * message on leaving the field and on submit. A failed attempt keeps what was typed, shows the server's message and
 * prepares a new check (each is single use). The check is the browser's proof of work (issue 37), the picture
 * captcha only when the server asks for it.
 */
export function AccountForm({ loginType }: { loginType: LoginType }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [values, setValues] = useState<LoginValues>(EMPTY);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const check = useHumanCheck('login');
  const fields = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});

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
    delete found.code; // the picture's answer is the check's (its own field, its own message)
    setErrors(found);
    check.validate();
    const first = TYPED.find((f) => found[f]);
    if (first) {
      fields.current[first]?.focus();
      return;
    }
    setBusy(true);
    setFailure('');
    const answer = await check.take();
    if (typeof answer === 'string') {
      setFailure(answer);
      setBusy(false);
      return;
    }
    try {
      await signIn({ loginType, username: values.username, password: values.password, code: answer.code, uuid: answer.uuid });
      navigate(afterSignInPath(search), { replace: true });
    } catch (error) {
      setFailure(loginFailureMessage(error));
      // The check is spent by any attempt: a new one (and a picture's answer typed again).
      check.refresh();
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
      <HumanCheckField id="login-code" state={check} label="验证码" />
      <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
        {busy ? (check.mode === 'pow' && check.status === 'solving' ? '正在安全验证…' : '正在登录…') : '登录'}
      </button>
      <p className="login-form__links">
        <Link to="/forgotPwd">忘记密码？</Link>
      </p>
    </form>
  );
}
