import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { BusinessError, HttpError, LOGIN_TYPES } from '@gjj-hall/sdk';
import type { CaptchaAnswer, RegisterResult } from '@gjj-hall/sdk/auth';
import { PASSWORD_STRENGTH_LEVELS, passwordStrength } from '@gjj-hall/sdk/validate';
import { stores } from '../../../shared/services';
import { toast } from '../../../shared/toast';
import { SendCodeButton } from '../../../shared/ui/send-code-button';
import {
  registerRules,
  smsCodeLengthOf,
  type FlexibleBounds,
  validateFields,
  type RegisterErrors,
  type RegisterField,
  type RegisterValues,
} from '../register-person-form';
import { CaptchaField, useCaptcha } from './captcha-field';
import { TextField } from './text-field';
import '../register.css';

/** One field of a registration form. */
export interface RegisterFieldSpec {
  name: RegisterField;
  label: string;
  kind?: 'text' | 'password' | 'select';
  placeholder?: string;
  maxLength?: number;
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'text';
  /** Options of a select: [value, label]. */
  options?: ReadonlyArray<readonly [string, string]>;
  /** Keep spaces (addresses, names of places); other fields drop whitespace as it is typed (spec 5.5). */
  keepSpaces?: boolean;
  /** Shown but not typed in: what a verified identity filled (issue 18). */
  readOnly?: boolean;
}

export interface RegisterFormProps {
  /** The form's accessible name. */
  label: string;
  /** Fields before the SMS code (the person, and their phone where they give it). */
  person: RegisterFieldSpec[];
  /** Fields after the code and before the password (what the flow declares). */
  details?: RegisterFieldSpec[];
  /** Fields that must be valid before a code is sent. */
  codeNeeds: RegisterField[];
  /** Session-storage key of the send-code countdown. */
  codeKey: string;
  /** Sends the code with the picture captcha answered; the server answers the same whoever the person is. */
  sendCode: (values: RegisterValues, captcha: CaptchaAnswer) => Promise<unknown>;
  /** Where the code goes, when it is not the phone typed (/userRegister: the phone on file, which is not shown). */
  codeNote?: string;
  submit: (values: RegisterValues) => Promise<RegisterResult>;
  submitLabel: string;
  /** Shown after the details, e.g. the monthly deposit. */
  summary?: (values: RegisterValues) => ReactNode;
  /** What the form starts with, e.g. the name and ID number of a verified identity. */
  initialValues?: RegisterValues;
  /** The centre's flexible-employment bounds (`lhjy/params`), for the base and ratio checks. */
  flexible?: FlexibleBounds;
}

const failureText = (error: unknown) =>
  error instanceof HttpError || error instanceof BusinessError ? error.message : '提交失败，请稍后重试';

/** Messages that tell the person to sign in instead: the form offers the link. */
const SIGN_IN_INSTEAD = /已注册|请直接登录/;

/**
 * A registration form of an individual (spec 2.1, 3.9): the person, the picture captcha each send needs (issue 18;
 * a new picture after every send), the SMS code (to the phone on file or the phone given), what the flow declares,
 * the new password twice with its strength (spec 4.9). Each field is checked with its Chinese message on leaving it
 * and on submit; the server's refusals show in an alert above the form and nothing typed is lost. On success: the
 * server's message, the individual login type chosen, and /login.
 */
export function RegisterForm(props: RegisterFormProps) {
  const { person, details = [], codeNeeds } = props;
  const navigate = useNavigate();
  const [values, setValues] = useState<RegisterValues>(() => ({ ...props.initialValues }));
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha();
  const inputs = useRef<Partial<Record<RegisterField, HTMLInputElement | HTMLSelectElement | null>>>({});

  const config = useMemo(
    () => ({
      passwordPattern: stores.config.configValue('XT_MMZZ'),
      smsCodeLength: smsCodeLengthOf(stores.config.configValue('XT_DXYZMCD')),
      ...(props.flexible ? { flexible: props.flexible } : {}),
    }),
    [props.flexible],
  );
  /** The rules over given values (the confirmation compares with their password). */
  const rulesFor = (v: RegisterValues) => registerRules(config, () => v);
  const rulesOf = rulesFor(values);
  const addressMax = stores.config.inputLengths().lengths.address ?? 30;

  const order: RegisterField[] = [...person.map((f) => f.name), 'dxyzm', ...details.map((f) => f.name), 'password', 'confirmPassword'];

  const set = (spec: RegisterFieldSpec, raw: string) => {
    let value = spec.keepSpaces ? raw : raw.replace(/\s/g, '');
    if (spec.name === 'zjhm') value = value.toUpperCase();
    const next = { ...values, [spec.name]: value };
    setValues(next);
    const nextRules = rulesFor(next);
    // Once a message shows, it follows what is typed.
    if (errors[spec.name]) setErrors((e) => ({ ...e, [spec.name]: nextRules[spec.name](value) }));
    if (spec.name === 'password' && errors.confirmPassword && next.confirmPassword) {
      setErrors((e) => ({ ...e, confirmPassword: nextRules.confirmPassword(next.confirmPassword) }));
    }
  };

  const blur = (field: RegisterField) => setErrors((e) => ({ ...e, [field]: rulesOf[field](values[field] ?? '') }));

  const focusFirst = (found: RegisterErrors) => {
    const first = order.find((f) => found[f]);
    if (first) inputs.current[first]?.focus();
    return !!first;
  };

  const send = (): false | Promise<unknown> => {
    const v = values;
    const found = validateFields(codeNeeds, rulesOf, v);
    setErrors((e) => ({ ...e, ...Object.fromEntries(codeNeeds.map((f) => [f, found[f] ?? ''])) }));
    if (focusFirst(found)) return false;
    const answer = captcha.take();
    if (!answer) return false;
    setFailure('');
    return props
      .sendCode(v, answer)
      .catch((error: unknown) => {
        setFailure(failureText(error));
        throw error;
      })
      // The picture serves one send, right or wrong.
      .finally(captcha.refresh);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const v = values;
    const found = validateFields(order, rulesOf, v);
    setErrors(found);
    if (focusFirst(found)) return;
    setBusy(true);
    setFailure('');
    try {
      const result = await props.submit(v);
      toast.success(result.message || '注册成功，请登录');
      stores.session.update({ loginType: LOGIN_TYPES.personal });
      navigate('/login', { replace: true });
    } catch (error) {
      setFailure(failureText(error));
      setBusy(false);
    }
  };

  const field = (spec: RegisterFieldSpec, addon?: ReactNode) => {
    const id = `register-${spec.name}`;
    const common = {
      name: spec.name,
      value: values[spec.name] ?? '',
      onBlur: () => blur(spec.name),
    };
    if (spec.kind === 'select') {
      const error = errors[spec.name];
      return (
        <div key={spec.name} className={`field${error ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={id}>
            {spec.label}
          </label>
          <div className="field__control">
            <select
              id={id}
              className="field__input"
              ref={(el) => void (inputs.current[spec.name] = el)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => set(spec, e.target.value)}
              {...common}
            >
              <option value="">{spec.placeholder ?? '请选择'}</option>
              {spec.options?.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        </div>
      );
    }
    return (
      <TextField
        key={spec.name}
        id={id}
        label={spec.label}
        ref={(el) => void (inputs.current[spec.name] = el)}
        type={spec.kind === 'password' ? 'password' : 'text'}
        autoComplete={spec.autoComplete ?? 'off'}
        inputMode={spec.inputMode}
        maxLength={spec.maxLength ?? (spec.keepSpaces ? addressMax : undefined)}
        placeholder={spec.placeholder}
        error={errors[spec.name]}
        onChange={(e) => set(spec, e.target.value)}
        addon={addon}
        readOnly={spec.readOnly}
        {...common}
      />
    );
  };

  const strength = passwordStrength(values.password ?? '');
  const level = PASSWORD_STRENGTH_LEVELS[strength];
  const signInInstead = SIGN_IN_INSTEAD.test(failure);

  return (
    <form className="register-form" noValidate onSubmit={submit} aria-label={props.label}>
      <div className="form-alert" role="alert">
        {failure}
        {failure && signInInstead && (
          <>
            {' '}
            <Link to="/login">去登录</Link> <Link to="/forgotPwd">忘记密码</Link>
          </>
        )}
      </div>
      <div className="register-form__grid">
        {person.map((spec) => field(spec))}
        {props.codeNote && (
          <p id="register-code-note" className="register-form__summary">
            {props.codeNote}
          </p>
        )}
        <CaptchaField id="register-captcha" state={captcha} />
        {field(
          {
            name: 'dxyzm',
            label: '短信验证码',
            placeholder: `请输入${config.smsCodeLength}位短信验证码`,
            maxLength: config.smsCodeLength,
            inputMode: 'numeric',
            autoComplete: 'one-time-code',
          },
          <SendCodeButton storageKey={props.codeKey} send={send} aria-describedby={props.codeNote ? 'register-code-note' : 'register-dxyzm'} />,
        )}
        {details.map((spec) => field(spec))}
        {props.summary?.(values)}
        {field({
          name: 'password',
          label: '登录密码',
          kind: 'password',
          placeholder: '8-16位，至少包含字母、数字',
          maxLength: 16,
          autoComplete: 'new-password',
        })}
        {field({ name: 'confirmPassword', label: '确认密码', kind: 'password', placeholder: '请再次输入密码', maxLength: 16, autoComplete: 'new-password' })}
        <p className="register-form__strength" aria-live="polite">
          密码强度：
          <span className={`strength strength--${strength}`}>{strength ? level?.label : '—'}</span>
        </p>
      </div>
      <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
        {busy ? '正在提交…' : props.submitLabel}
      </button>
      <p className="register-form__back">
        已有账号？<Link to="/login">返回登录</Link>
      </p>
    </form>
  );
}
