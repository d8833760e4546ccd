import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { UNIT_MESSAGES as U, type UnitLookup } from '@gjj-hall/sdk/auth';
import { PASSWORD_STRENGTH_LEVELS, passwordStrength } from '@gjj-hall/sdk/validate';
import { stores } from '../../../shared/services';
import { usePageTitle } from '../../../shared/use-page-title';
import { SendCodeButton } from '../../../shared/ui/send-code-button';
import { sendUnitCode, submitUnitPassword, unitFormConfig } from '../api/unit';
import { CaptchaField, useCaptcha } from '../components/captcha-field';
import { TextField } from '../components/text-field';
import {
  cleanInput,
  EMPTY_UNIT_PASSWORD,
  failureMessage,
  UNIT_PASSWORD_PAGES,
  unitPasswordRules,
  validateAll,
  type FieldErrors,
  type UnitPasswordField,
  type UnitPasswordMode,
  type UnitPasswordValues,
} from '../unit-forms';

/** /dwRegister (单位注册): a deposit unit's handler opens the unit's hall login. */
export function DwRegisterPage() {
  return <UnitPasswordPage mode="register" />;
}

/** /setLoginPwd (单位设置登录密码): a deposit unit's handler sets a new password. */
export function SetLoginPwdPage() {
  return <UnitPasswordPage mode="setPwd" />;
}

/** /setQtLoginPwd (其他单位设置登录密码): a developer's (other-category unit's) handler sets a new password. */
export function SetQtLoginPwdPage() {
  return <UnitPasswordPage mode="qtSetPwd" />;
}

/** Where the unit code goes: neither the unit nor the phone is shown (they told which unit accounts exist, issue 18). */
const HANDLER_PHONE_NOTE = '验证码将发送至中心登记的经办人手机号码。如单位账号有误、单位已销户或尚不能办理本业务，经办人将收到说明短信，不会收到验证码。';

/**
 * The three unit password pages share one form: the unit account and the picture captcha send the code to the
 * handler's phone on file (neither the unit nor the phone is shown: the server answers the same for any account);
 * the handler's name and ID number must match the centre's record; the new password follows XT_MMZZ. A refusal
 * keeps what was typed (only a spent code is emptied).
 */
function UnitPasswordPage({ mode }: { mode: UnitPasswordMode }) {
  const page = UNIT_PASSWORD_PAGES[mode];
  // Registering sets the first login password (登录密码); the other two replace one (新密码): docs/glossary.md.
  const registering = mode === 'register';
  usePageTitle(page.title);
  const navigate = useNavigate();
  const [values, setValues] = useState<UnitPasswordValues>(EMPTY_UNIT_PASSWORD);
  const [errors, setErrors] = useState<FieldErrors<UnitPasswordField>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const captcha = useCaptcha();
  const fields = useRef<Partial<Record<UnitPasswordField, HTMLInputElement | null>>>({});
  const ruleSet = unitPasswordRules(unitFormConfig(), () => values);
  const lookup = (dwzh: string): UnitLookup => ({ category: page.category, dwzh, purpose: mode === 'register' ? 'register' : 'setPwd' });

  const set = (field: UnitPasswordField, raw: string) => {
    const value = cleanInput(field, raw);
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: ruleSet[field](value) }));
  };
  /** Checks the field on leaving it. */
  const blur = (field: UnitPasswordField) => setErrors((e) => ({ ...e, [field]: ruleSet[field](values[field]) }));

  const sendCode = () => {
    const message = ruleSet.dwzh(values.dwzh);
    setErrors((e) => ({ ...e, dwzh: message }));
    if (message) {
      fields.current.dwzh?.focus();
      return false;
    }
    const answer = captcha.take();
    if (!answer) return false;
    setFailure('');
    // The picture serves one send, right or wrong.
    return sendUnitCode(lookup(values.dwzh), answer).finally(captcha.refresh);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const { errors: found, first } = validateAll(ruleSet, values);
    setErrors(found);
    if (first) {
      fields.current[first]?.focus();
      return;
    }
    setBusy(true);
    setFailure('');
    try {
      const message = await submitUnitPassword({ ...lookup(values.dwzh), jbrxm: values.jbrxm, jbrzjhm: values.jbrzjhm, password: values.password, dxyzm: values.dxyzm });
      setDone(message || (mode === 'register' ? U.registered : U.passwordSet));
    } catch (error) {
      const message = failureMessage(error);
      setFailure(message);
      // A code that met a mismatched handler is spent: a new one is needed.
      if (message === U.handlerMismatch) setValues((v) => ({ ...v, dxyzm: '' }));
      setBusy(false);
    }
  };

  const toLogin = () => {
    stores.session.update({ loginType: page.loginType });
    void navigate('/login');
  };

  if (done) {
    return (
      <section className="page unit-form unit-form--done" aria-labelledby="unit-title">
        <h1 id="unit-title">{page.title}</h1>
        <p className="unit-form__success" role="status">
          {done}
        </p>
        <p className="page__muted">单位账号：{values.dwzh}</p>
        <button type="button" className="btn btn--primary" onClick={toLogin}>
          去登录
        </button>
      </section>
    );
  }

  const strength = passwordStrength(values.password);
  return (
    <section className="page unit-form" aria-labelledby="unit-title">
      <h1 id="unit-title">{page.title}</h1>
      <p className="page__lead">{page.lead}</p>
      <form noValidate onSubmit={submit} aria-labelledby="unit-title">
        <div className="form-alert" role="alert">
          {failure}
        </div>
        <TextField
          id="unit-dwzh"
          label="单位账号"
          ref={(el) => void (fields.current.dwzh = el)}
          name="dwzh"
          autoComplete="username"
          maxLength={20}
          placeholder="请输入单位账号"
          value={values.dwzh}
          error={errors.dwzh}
          onChange={(e) => set('dwzh', e.target.value)}
          onBlur={() => blur('dwzh')}
        />
        <p id="unit-phone-note" className="page__muted">
          {HANDLER_PHONE_NOTE}
        </p>
        <TextField
          id="unit-jbrxm"
          label="经办人姓名"
          ref={(el) => void (fields.current.jbrxm = el)}
          name="jbrxm"
          autoComplete="name"
          maxLength={15}
          placeholder="请输入经办人姓名"
          value={values.jbrxm}
          error={errors.jbrxm}
          onChange={(e) => set('jbrxm', e.target.value)}
          onBlur={() => blur('jbrxm')}
        />
        <TextField
          id="unit-jbrzjhm"
          label="经办人身份证号码"
          ref={(el) => void (fields.current.jbrzjhm = el)}
          name="jbrzjhm"
          autoComplete="off"
          maxLength={18}
          placeholder="请输入经办人身份证号码"
          value={values.jbrzjhm}
          error={errors.jbrzjhm}
          onChange={(e) => set('jbrzjhm', e.target.value)}
          onBlur={() => blur('jbrzjhm')}
        />
        <CaptchaField id="unit-captcha" state={captcha} />
        <TextField
          id="unit-dxyzm"
          label="短信验证码"
          ref={(el) => void (fields.current.dxyzm = el)}
          name="dxyzm"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={8}
          placeholder="请输入短信验证码"
          value={values.dxyzm}
          error={errors.dxyzm}
          onChange={(e) => set('dxyzm', e.target.value.replace(/\D/g, ''))}
          onBlur={() => blur('dxyzm')}
          addon={<SendCodeButton storageKey={`unitCodeTime:${mode}`} send={sendCode} aria-describedby="unit-phone-note" />}
        />
        <TextField
          id="unit-password"
          label={registering ? '登录密码' : '新密码'}
          ref={(el) => void (fields.current.password = el)}
          name="password"
          type="password"
          autoComplete="new-password"
          maxLength={16}
          placeholder="请输入8-16位密码，至少包含字母、数字两种组合"
          value={values.password}
          error={errors.password}
          onChange={(e) => set('password', e.target.value.replace(/[\u4e00-\u9fa5]/g, ''))}
          onBlur={() => blur('password')}
        />
        <p className={`password-strength password-strength--${strength}`} aria-live="polite">
          密码强度：{strength ? PASSWORD_STRENGTH_LEVELS[strength]?.label : '—'}
        </p>
        <TextField
          id="unit-confirm"
          label={registering ? '确认密码' : '确认新密码'}
          ref={(el) => void (fields.current.confirm = el)}
          name="confirm"
          type="password"
          autoComplete="new-password"
          maxLength={16}
          placeholder="请再次输入密码"
          value={values.confirm}
          error={errors.confirm}
          onChange={(e) => set('confirm', e.target.value.replace(/[\u4e00-\u9fa5]/g, ''))}
          onBlur={() => blur('confirm')}
        />
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? '正在提交…' : page.submit}
        </button>
        <p className="unit-form__links">
          <Link to="/login">返回登录</Link>
          {mode === 'register' && <Link to="/setLoginPwd">已注册，忘记密码</Link>}
          {mode === 'setPwd' && <Link to="/dwRegister">尚未注册，去注册</Link>}
        </p>
      </form>
    </section>
  );
}
