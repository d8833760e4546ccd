import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../shared/use-page-title';
import { SendCodeButton } from '../../../shared/ui/send-code-button';
import { sendDepositCode, submitDeposit, unitFormConfig } from '../api/unit';
import { CaptchaField, useCaptcha } from '../components/captcha-field';
import { TextField, type TextFieldProps } from '../components/text-field';
import {
  cleanInput,
  EMPTY_UNIT_DEPOSIT,
  failureMessage,
  unitDepositRules,
  validateAll,
  type FieldErrors,
  type UnitDepositField,
  type UnitDepositValues,
} from '../unit-forms';

/** Today in the centre's time zone, `YYYY-MM-DD` (the start month is checked against it, as the server does). */
const centreToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

const RATES = ['5', '6', '7', '8', '9', '10', '11', '12'];

/**
 * /UnitDeposit (单位缴存登记): a new employer applies to open a deposit account: the unit, its contribution, and its
 * handler, whose phone receives the code (each send with a picture captcha, issue 18). The result is a pending application with a reference number; the centre
 * reviews it (no login is made).
 */
export function UnitDepositPage() {
  usePageTitle('单位缴存登记');
  const [values, setValues] = useState<UnitDepositValues>(EMPTY_UNIT_DEPOSIT);
  const [errors, setErrors] = useState<FieldErrors<UnitDepositField>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ sqbh: string; dwmc: string; message: string } | null>(null);
  const fields = useRef<Partial<Record<UnitDepositField, HTMLInputElement | HTMLSelectElement | null>>>({});
  const captcha = useCaptcha();
  const ruleSet = unitDepositRules({ codeLength: unitFormConfig().codeLength, today: centreToday() });

  const set = (field: UnitDepositField, raw: string) => {
    const value = cleanInput(field, raw);
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: ruleSet[field](value) }));
  };
  const blur = (field: UnitDepositField) => setErrors((e) => ({ ...e, [field]: ruleSet[field](values[field]) }));

  const sendCode = () => {
    const message = ruleSet.jbrsjhm(values.jbrsjhm);
    setErrors((e) => ({ ...e, jbrsjhm: message }));
    if (message) {
      fields.current.jbrsjhm?.focus();
      return false;
    }
    const answer = captcha.take();
    if (!answer) return false;
    // The picture serves one send, right or wrong.
    return sendDepositCode(values.jbrsjhm, answer).finally(captcha.refresh);
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
      setDone(await submitDeposit({ ...values, dwmc: values.dwmc.trim(), dwdz: values.dwdz.trim() }));
    } catch (error) {
      setFailure(failureMessage(error));
      setBusy(false);
    }
  };

  if (done) {
    return (
      <section className="page unit-form unit-form--done" aria-labelledby="deposit-title">
        <h1 id="deposit-title">单位缴存登记</h1>
        <p className="unit-form__success" role="status">
          {done.message || '缴存登记申请已提交，请等待中心审核'}
        </p>
        <dl className="unit-form__result">
          <dt>申请编号</dt>
          <dd>{done.sqbh}</dd>
          <dt>单位名称</dt>
          <dd>{done.dwmc}</dd>
        </dl>
        <p className="page__muted">
          请牢记申请编号。中心审核后将以短信通知经办人；审核通过后，单位可通过“单位注册”开通网上业务大厅。
        </p>
        <Link className="btn btn--primary" to="/login">
          返回登录
        </Link>
      </section>
    );
  }

  const field = (name: UnitDepositField, label: string, props: Partial<TextFieldProps> = {}) => (
    <TextField
      id={`deposit-${name}`}
      label={label}
      ref={(el) => void (fields.current[name] = el)}
      name={name}
      autoComplete="off"
      value={values[name]}
      error={errors[name]}
      onChange={(e) => set(name, e.target.value)}
      onBlur={() => blur(name)}
      {...props}
    />
  );
  const group = (legend: string, children: ReactNode) => (
    <fieldset className="unit-form__group">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );

  return (
    <section className="page unit-form unit-form--wide" aria-labelledby="deposit-title">
      <h1 id="deposit-title">单位缴存登记</h1>
      <p className="page__lead">新设立或首次为职工缴存住房公积金的单位，在此提交缴存登记申请，中心审核通过后为单位开立账户。</p>
      <form noValidate onSubmit={submit} aria-labelledby="deposit-title">
        <div className="form-alert" role="alert">
          {failure}
        </div>
        {group(
          '单位信息',
          <>
            {field('dwmc', '单位名称', { maxLength: 60, placeholder: '请输入营业执照上的单位名称', autoComplete: 'organization' })}
            {field('tyshxydm', '统一社会信用代码', { maxLength: 18, placeholder: '请输入18位统一社会信用代码' })}
            {field('dwdz', '单位地址', { maxLength: 60, placeholder: '请输入单位地址', autoComplete: 'street-address' })}
            {field('yzbm', '邮政编码', { maxLength: 6, inputMode: 'numeric', placeholder: '请输入6位邮政编码', autoComplete: 'postal-code' })}
            {field('fddbr', '法定代表人', { maxLength: 15, placeholder: '请输入法定代表人姓名' })}
          </>,
        )}
        {group(
          '缴存信息',
          <>
            {field('zgrs', '职工人数', { maxLength: 6, inputMode: 'numeric', placeholder: '请输入缴存职工人数' })}
            {field('jcqsny', '缴存起始年月', { type: 'month', placeholder: 'YYYY-MM' })}
            <div className={`field${errors.dwjcbl ? ' field--invalid' : ''}`}>
              <label className="field__label" htmlFor="deposit-dwjcbl">
                单位缴存比例
              </label>
              <div className="field__control">
                <select
                  id="deposit-dwjcbl"
                  ref={(el) => void (fields.current.dwjcbl = el)}
                  className="field__input"
                  value={values.dwjcbl}
                  aria-invalid={errors.dwjcbl ? true : undefined}
                  aria-describedby={errors.dwjcbl ? 'deposit-dwjcbl-error' : undefined}
                  onChange={(e) => set('dwjcbl', e.target.value)}
                  onBlur={() => blur('dwjcbl')}
                >
                  <option value="">请选择</option>
                  {RATES.map((r) => (
                    <option key={r} value={r}>
                      {r}%
                    </option>
                  ))}
                </select>
              </div>
              <p id="deposit-dwjcbl-error" className="field__error">
                {errors.dwjcbl}
              </p>
            </div>
          </>,
        )}
        {group(
          '经办人信息',
          <>
            {field('jbrxm', '经办人姓名', { maxLength: 15, placeholder: '请输入经办人姓名' })}
            {field('jbrzjhm', '经办人身份证号码', { maxLength: 18, placeholder: '请输入经办人身份证号码' })}
            {field('jbrsjhm', '经办人手机号码', { maxLength: 11, inputMode: 'numeric', type: 'tel', placeholder: '请输入经办人手机号码', autoComplete: 'tel' })}
            <CaptchaField id="deposit-captcha" state={captcha} />
            {field('dxyzm', '短信验证码', {
              maxLength: 8,
              inputMode: 'numeric',
              autoComplete: 'one-time-code',
              placeholder: '请输入短信验证码',
              onChange: (e) => set('dxyzm', e.target.value.replace(/\D/g, '')),
              addon: <SendCodeButton storageKey="unitDepositCodeTime" send={sendCode} aria-describedby="deposit-jbrsjhm" />,
            })}
          </>,
        )}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? '正在提交…' : '提交登记'}
        </button>
        <p className="unit-form__links">
          <Link to="/login">返回登录</Link>
          <Link to="/dwRegister">已开户，去注册网上业务大厅</Link>
        </p>
      </form>
    </section>
  );
}
