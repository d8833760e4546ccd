import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { LoginType } from '@gjj-hall/sdk';
import { stores } from '../../../shared/services';
import { SendCodeButton } from '../../../shared/ui/send-code-button';
import { signInBySms } from '../api/login';
import { sendLoginCode } from '../api/password';
import { loginFailureMessage } from '../login-form';
import { digitsOnly, loginPhoneRule, smsCodeLength, smsCodeRule } from '../password-form';
import { HumanCheckField, useHumanCheck } from './human-check';
import { TextField } from './text-field';

type Field = 'phone' | 'code';

/**
 * The SMS code method (spec 2.6, issue 6): the phone that identifies the login (an individual's own, a unit's or
 * developer's handler's), the picture captcha each send needs (issue 18; a new picture after every send), the
 * send-code button with its 60 s countdown, and the code (length from XT_DXYZMCD). The phone and the captcha are
 * checked before sending; the server answers the same whether the phone has a login or not. A failed sign-in keeps
 * what was typed and shows the server's message.
 */
export function SmsForm({ loginType }: { loginType: LoginType }) {
  const navigate = useNavigate();
  const length = smsCodeLength(stores.config.configValue('XT_DXYZMCD'));
  const [values, setValues] = useState<Record<Field, string>>({ phone: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const fields = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const check = useHumanCheck('sms');
  const rules: Record<Field, (v: string) => string> = { phone: loginPhoneRule, code: smsCodeRule(length) };

  const set = (field: Field, value: string) => {
    const next = field === 'code' ? digitsOnly(value) : value.replace(/[^\d+]/g, '');
    setValues((v) => ({ ...v, [field]: next }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: rules[field](next) }));
  };
  const blur = (field: Field) => setErrors((e) => ({ ...e, [field]: rules[field](values[field]) }));

  const send = () => {
    const phone = rules.phone(values.phone);
    setErrors((e) => ({ ...e, phone }));
    if (phone) {
      fields.current.phone?.focus();
      return false;
    }
    setFailure('');
    // The check (proof of work, or the picture when the server asks for it) serves one send, right or wrong.
    return check.take().then((answer) => {
      if (typeof answer === 'string') throw new Error(answer || '请输入图形验证码');
      return sendLoginCode(loginType, values.phone, answer).finally(check.refresh);
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = { phone: rules.phone(values.phone), code: rules.code(values.code) };
    setErrors(found);
    const first = (['phone', 'code'] as const).find((f) => found[f]);
    if (first) {
      fields.current[first]?.focus();
      return;
    }
    setBusy(true);
    setFailure('');
    try {
      await signInBySms({ loginType, phone: values.phone, code: values.code });
      navigate('/', { replace: true });
    } catch (error) {
      setFailure(loginFailureMessage(error));
      setBusy(false);
    }
  };

  return (
    <form className="login-form" noValidate onSubmit={submit} aria-label="手机验证码登录">
      <div className="form-alert" role="alert">
        {failure}
      </div>
      <TextField
        id="sms-phone"
        label="手机号码"
        ref={(el) => void (fields.current.phone = el)}
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={11}
        placeholder={loginType === 1 ? '请输入本人绑定的手机号码' : '请输入经办人手机号码'}
        value={values.phone}
        error={errors.phone}
        onChange={(e) => set('phone', e.target.value)}
        onBlur={() => blur('phone')}
      />
      <HumanCheckField id="sms-captcha" state={check} />
      <TextField
        id="sms-code"
        label="短信验证码"
        ref={(el) => void (fields.current.code = el)}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={length}
        placeholder={`请输入${length}位短信验证码`}
        value={values.code}
        error={errors.code}
        onChange={(e) => set('code', e.target.value)}
        onBlur={() => blur('code')}
        addon={<SendCodeButton storageKey="smsLoginCodeTime" send={send} aria-describedby="sms-phone" />}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
        {busy ? '正在登录…' : '登录'}
      </button>
    </form>
  );
}
