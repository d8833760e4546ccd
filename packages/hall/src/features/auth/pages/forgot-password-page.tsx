import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { LoginType } from '@gjj-hall/sdk';
import { rules } from '@gjj-hall/sdk/validate';
import { stores } from '../../../shared/services';
import { toast } from '../../../shared/toast';
import { usePageTitle } from '../../../shared/use-page-title';
import { SendCodeButton } from '../../../shared/ui/send-code-button';
import { checkRecoverCode, sendRecoverCode, setRecoveredPassword } from '../api/password';
import { CaptchaField, useCaptcha } from '../components/captcha-field';
import { NewPasswordFields } from '../components/new-password-fields';
import { TextField } from '../components/text-field';
import { LOGIN_TYPE_OPTIONS, loginFailureMessage } from '../login-form';
import {
  digitsOnly,
  smsCodeLength,
  smsCodeRule,
  validateNewPassword,
  type NewPasswordErrors,
  type NewPasswordValues,
} from '../password-form';

const STEPS = ['验证身份', '短信验证', '设置新密码'] as const;
const accountRule = rules.account(undefined, { empty: '请输入账号' });

/** Where the recovery code goes: said instead of showing the phone, which would tell whether an account exists. */
const RECOVER_CODE_NOTE = '验证码将发送至该账号绑定的手机号码。如账号不存在或未绑定手机号码，将收不到验证码，请到柜台办理。';

/**
 * /forgotPwd: recovering a password with an SMS code. 1 the login type and account; 2 the picture captcha and the
 * code sent to the phone on file (no phone is shown: the server answers the same for any account, issue 18),
 * checked by the server (spent); 3 the new password (XT_MMZZ and 8-16 with letters and digits, the strength meter),
 * then back to /login with the server's message. Going back keeps what was typed.
 */
export function ForgotPasswordPage() {
  usePageTitle('找回密码');
  const navigate = useNavigate();
  const length = smsCodeLength(stores.config.configValue('XT_DXYZMCD'));
  const pattern = stores.config.configValue('XT_MMZZ');
  const [step, setStep] = useState(0);
  const [loginType, setLoginType] = useState<LoginType>(stores.session.$loginType.get());
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const captcha = useCaptcha();
  const [ticket, setTicket] = useState('');
  const [passwords, setPasswords] = useState<NewPasswordValues>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<{ account?: string; code?: string } & NewPasswordErrors>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});
  const heading = useRef<HTMLHeadingElement>(null);

  // Each step announces itself: focus moves to its heading.
  const mounted = useRef(false);
  useEffect(() => {
    if (mounted.current) heading.current?.focus();
    mounted.current = true;
  }, [step]);

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setFailure('');
    try {
      await work();
    } catch (error) {
      setFailure(loginFailureMessage(error).replace('登录失败', '操作失败'));
    } finally {
      setBusy(false);
    }
  };

  const identify = (event: FormEvent) => {
    event.preventDefault();
    const message = accountRule(account);
    setErrors((e) => ({ ...e, account: message }));
    if (message) return inputs.current.account?.focus();
    setFailure('');
    setStep(1);
  };

  const sendCode = () => {
    const answer = captcha.take();
    if (!answer) return false;
    setFailure('');
    // The picture serves one send, right or wrong.
    return sendRecoverCode(loginType, account, answer).finally(captcha.refresh);
  };

  const verify = (event: FormEvent) => {
    event.preventDefault();
    const message = smsCodeRule(length)(code);
    setErrors((e) => ({ ...e, code: message }));
    if (message) return inputs.current.code?.focus();
    void run(async () => {
      setTicket(await checkRecoverCode(loginType, account, code));
      setStep(2);
    });
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const found = validateNewPassword(passwords, pattern);
    setErrors((e) => ({ ...e, password: found.password, confirm: found.confirm }));
    const first = (['password', 'confirm'] as const).find((f) => found[f]);
    if (first) return inputs.current[first]?.focus();
    void run(async () => {
      const message = await setRecoveredPassword(ticket, passwords.password);
      toast.success(message);
      stores.session.update({ loginType });
      navigate('/login', { replace: true });
    });
  };

  const setPassword = (field: keyof NewPasswordValues, value: string) => {
    const next = { ...passwords, [field]: value };
    setPasswords(next);
    // Messages follow what is typed once shown (spec 5.2: blur and change).
    const found = validateNewPassword(next, pattern);
    setErrors((e) => ({
      ...e,
      password: e.password || field === 'password' ? found.password : e.password,
      confirm: e.confirm || (field === 'confirm' && next.confirm) ? found.confirm : e.confirm,
    }));
  };
  const blurPassword = (field: keyof NewPasswordValues) =>
    setErrors((e) => ({ ...e, [field]: validateNewPassword(passwords, pattern)[field] }));

  const back = () => {
    setFailure('');
    setStep((s) => Math.max(0, s - 1));
  };

  return (
    <section className="page login" aria-labelledby="forgot-title">
      <h1 id="forgot-title" className="login__title">
        找回密码
      </h1>
      <ol className="steps" aria-label="找回密码步骤">
        {STEPS.map((label, i) => (
          <li key={label} aria-current={i === step ? 'step' : undefined} className={i < step ? 'steps__done' : undefined}>
            {i + 1}. {label}
          </li>
        ))}
      </ol>
      <h2 className="visually-hidden" tabIndex={-1} ref={heading}>
        第 {step + 1} 步：{STEPS[step]}
      </h2>
      <div className="form-alert" role="alert">
        {failure}
      </div>

      {step === 0 && (
        <form className="login-form" noValidate onSubmit={identify} aria-label="验证身份">
          <fieldset className="login__types">
            <legend className="visually-hidden">登录类型</legend>
            {LOGIN_TYPE_OPTIONS.map((option) => (
              <label key={option.value} className={`segment${loginType === option.value ? ' segment--on' : ''}`}>
                <input
                  type="radio"
                  name="recoverLoginType"
                  value={option.value}
                  checked={loginType === option.value}
                  onChange={() => setLoginType(option.value as LoginType)}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </fieldset>
          <TextField
            id="recover-account"
            label="账号"
            ref={(el) => void (inputs.current.account = el)}
            autoComplete="username"
            maxLength={20}
            placeholder={LOGIN_TYPE_OPTIONS.find((o) => o.value === loginType)?.placeholder ?? '请输入账号'}
            value={account}
            error={errors.account}
            onChange={(e) => {
              const next = e.target.value.replace(/\s/g, '');
              setAccount(next);
              if (errors.account) setErrors((er) => ({ ...er, account: accountRule(next) }));
            }}
            onBlur={() => setErrors((e) => ({ ...e, account: accountRule(account) }))}
          />
          <div className="form-actions">
            <Link className="btn" to="/login">
              返回登录
            </Link>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              下一步
            </button>
          </div>
        </form>
      )}

      {step === 1 && (
        <form className="login-form" noValidate onSubmit={verify} aria-label="短信验证">
          <p id="recover-note" className="page__muted">
            {RECOVER_CODE_NOTE}
          </p>
          <CaptchaField id="recover-captcha" state={captcha} />
          <TextField
            id="recover-code"
            label="短信验证码"
            ref={(el) => void (inputs.current.code = el)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={length}
            placeholder={`请输入${length}位短信验证码`}
            value={code}
            error={errors.code}
            onChange={(e) => {
              const next = digitsOnly(e.target.value);
              setCode(next);
              if (errors.code) setErrors((er) => ({ ...er, code: smsCodeRule(length)(next) }));
            }}
            onBlur={() => setErrors((e) => ({ ...e, code: smsCodeRule(length)(code) }))}
            addon={<SendCodeButton storageKey="recoverPwdCodeTime" send={sendCode} aria-describedby="recover-note" />}
          />
          <div className="form-actions">
            <button type="button" className="btn" onClick={back}>
              上一步
            </button>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              下一步
            </button>
          </div>
        </form>
      )}

      {step === 2 && (
        <form className="login-form" noValidate onSubmit={save} aria-label="设置新密码">
          <NewPasswordFields
            id="recover"
            values={passwords}
            errors={errors}
            onChange={setPassword}
            onBlur={blurPassword}
            inputRef={(field, el) => void (inputs.current[field] = el)}
          />
          <div className="form-actions">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? '正在提交…' : '确认修改'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
