import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { fetchCaptcha, type Captcha } from '@gjj-hall/sdk/auth';
import { lookUpComplaint, type ComplaintStatusAnswer } from '@gjj-hall/sdk/public';
import { isLandline, isMobile } from '@gjj-hall/sdk/validate';
import { client } from '../../../shared/services';
import { usePageTitle } from '../../../shared/use-page-title';
import { ComplaintReply, ComplaintStatus } from './complaint-status';
import './complaint.css';

/** The page's own field messages (the server answers the same words). */
export const QUERY_MESSAGES = Object.freeze({
  sqbhEmpty: '请输入受理编号',
  sqbh: '受理编号格式不正确，应为 TS 加 14 位数字',
  lxdhEmpty: '请输入提交时填写的联系电话',
  lxdh: '请输入正确的联系电话（手机号码或带区号的固定电话）',
  codeEmpty: '请输入图形验证码',
  captchaFailed: '验证码加载失败，请点击“看不清，换一张”重新获取',
});

type Field = 'sqbh' | 'lxdh' | 'code';

/** Checks what was typed before it is sent: each field's message, '' when it may go. */
function check(field: Field, value: string): string {
  const v = value.trim();
  if (field === 'sqbh') return !v ? QUERY_MESSAGES.sqbhEmpty : /^TS[0-9]{12}([0-9]{2})?$/i.test(v) ? '' : QUERY_MESSAGES.sqbh;
  if (field === 'lxdh') return !v ? QUERY_MESSAGES.lxdhEmpty : isMobile(v) || isLandline(v) ? '' : QUERY_MESSAGES.lxdh;
  return v ? '' : QUERY_MESSAGES.codeEmpty;
}

const LABELS: Record<Field, string> = { sqbh: '受理编号', lxdh: '联系电话', code: '图形验证码' };

/**
 * /complaintQuery (issue 23): a complaint's status and the centre's reply by its reference number and the phone it
 * was sent with, without signing in. Each try takes a new picture captcha; a wrong number and a wrong phone get the
 * same answer from the server, shown as it is.
 */
export function ComplaintQueryPage() {
  usePageTitle('投诉建议查询');
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ sqbh: '', lxdh: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaFailed, setCaptchaFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [answer, setAnswer] = useState<ComplaintStatusAnswer | null>(null);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const result = useRef<HTMLElement | null>(null);

  const newCaptcha = useCallback(() => {
    setCaptcha(null);
    setCaptchaFailed(false);
    setValues((v) => ({ ...v, code: '' }));
    fetchCaptcha(client)
      .then(setCaptcha)
      .catch(() => setCaptchaFailed(true));
  }, []);
  useEffect(() => {
    let live = true;
    fetchCaptcha(client)
      .then((c) => live && setCaptcha(c))
      .catch(() => live && setCaptchaFailed(true));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (answer) result.current?.focus();
  }, [answer]);

  const change = (field: Field, value: string) => {
    const next = field === 'code' ? value.replace(/\s/g, '') : value;
    setValues((v) => ({ ...v, [field]: next }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: check(field, next) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    for (const field of ['sqbh', 'lxdh', 'code'] as const) {
      const message = check(field, values[field]);
      if (message) found[field] = message;
    }
    if (!found.code && !captcha) found.code = QUERY_MESSAGES.captchaFailed;
    setErrors(found);
    const first = (['sqbh', 'lxdh', 'code'] as const).find((f) => found[f]);
    if (first || !captcha) {
      if (first) inputs.current[first]?.focus();
      return;
    }
    setBusy(true);
    setFailure('');
    setAnswer(null);
    try {
      setAnswer(await lookUpComplaint(client, { sqbh: values.sqbh.toUpperCase(), lxdh: values.lxdh, uuid: captcha.uuid, code: values.code }, { silent: true }));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : '查询失败，请稍后再试');
    } finally {
      setBusy(false);
      // One picture serves one try, whatever it answered.
      newCaptcha();
    }
  };

  const field = (name: Field, props: { inputMode?: 'tel' | 'text'; autoComplete?: string; maxLength: number; placeholder: string }, addon?: ReactNode) => {
    const fieldId = `${id}-${name}`;
    const error = errors[name];
    return (
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={fieldId}>
          {LABELS[name]}
        </label>
        <div className="field__control">
          <input
            id={fieldId}
            ref={(el) => {
              inputs.current[name] = el;
            }}
            className="field__input"
            name={name}
            value={values[name]}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            onChange={(e) => change(name, e.target.value)}
            onBlur={() => setErrors((e) => ({ ...e, [name]: check(name, values[name]) }))}
            {...props}
          />
          {addon}
        </div>
        <p id={`${fieldId}-error`} className="field__error">
          {error}
        </p>
      </div>
    );
  };

  return (
    <section className="page" aria-labelledby="complaint-query-title">
      <h1 id="complaint-query-title">投诉建议查询</h1>
      <p className="page__lead">
        输入提交投诉建议时得到的受理编号和填写的联系电话，即可查询办理情况和中心回复，无需登录。提交时未留联系电话的，请拨打 12329 服务热线查询。
      </p>
      <form className="complaint-query" aria-label="投诉建议查询" noValidate onSubmit={(e) => void submit(e)}>
        {field('sqbh', { autoComplete: 'off', maxLength: 16, placeholder: '如 TS20261124000001' })}
        {field('lxdh', { inputMode: 'tel', autoComplete: 'tel', maxLength: 20, placeholder: '手机号码或带区号的固定电话' })}
        {field(
          'code',
          { autoComplete: 'off', maxLength: 6, placeholder: '请输入图形验证码' },
          <span className="captcha">
            {captcha ? (
              // data-uuid names the picture for the end-to-end tests, which read its answer from the development outbox.
              <img className="captcha__image" src={captcha.img} alt="图形验证码" width={120} height={42} data-uuid={captcha.uuid} />
            ) : (
              <span className="captcha__image captcha__image--empty">{captchaFailed ? '加载失败' : '加载中'}</span>
            )}
            <button type="button" className="link-button" onClick={newCaptcha}>
              看不清，换一张
            </button>
          </span>,
        )}
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? '正在查询…' : '查询'}
          </button>
        </div>
      </form>
      <div role="alert" className="complaint-query__failure">
        {failure}
      </div>
      {answer ? (
        <section className="complaint-result" aria-labelledby="complaint-query-result" tabIndex={-1} ref={result}>
          <h2 id="complaint-query-result" className="complaint-subtitle">
            受理编号 {answer.sqbh} <ComplaintStatus item={answer} />
          </h2>
          <dl className="complaint-detail">
            <dt>类型</dt>
            <dd>{answer.tslxmc}</dd>
            <dt>责任部门</dt>
            <dd>{answer.zrbmmc}</dd>
            <dt>提交时间</dt>
            <dd>{answer.tjsj}</dd>
            <dt>意见内容</dt>
            <dd>{answer.nr}</dd>
          </dl>
          {answer.hfnr ? (
            <ComplaintReply item={answer} heading="中心回复" />
          ) : (
            <p className="page__muted">中心尚未回复，回复后可在此查看。</p>
          )}
        </section>
      ) : null}
      <p className="complaint-actions">
        <Link className="btn" to="/complaintJYAdd">
          我要投诉建议
        </Link>
        <Link className="btn" to="/complaintJY">
          公开的投诉建议
        </Link>
      </p>
    </section>
  );
}

export default ComplaintQueryPage;
