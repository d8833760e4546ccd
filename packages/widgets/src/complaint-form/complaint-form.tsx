import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage, HttpError, type GjjClient } from '@gjj-hall/sdk';
import {
  COMPLAINT_MAX_LENGTH,
  fetchComplaintDepts,
  fetchComplaintTypes,
  newIdempotencyKey,
  submitComplaint,
  validateComplaint,
  type CodeName,
  type ComplaintForm as ComplaintFields,
} from '@gjj-hall/sdk/public';
import { useInstanceName } from '../shared/instance-name';
import { useWidgetStyles } from '../shared/styles';
import { useClient } from '../shared/use-client';
import { COMPLAINT_FORM_CSS } from './complaint-form.styles';

/** What `gjj-submitted` carries: the stored complaint's id, its reference number (受理编号) and when it was stored. */
export interface ComplaintSubmittedDetail {
  id: string;
  /** Reference number, e.g. TS20261124000001. */
  sqbh: string;
  /** Centre time `YYYY-MM-DD HH:mm:ss`. */
  tjsj: string;
}

/** Props of {@link ComplaintForm}. */
export interface ComplaintFormProps {
  /**
   * 关怀模式 (care mode, MIIT 适老化): text at least 18 px, contrast at least 7:1, targets at least 44 × 44 px, nothing that
   * moves (docs/care-mode.md). Also on when an ancestor in the page has `data-care` (the hall's `<html data-care>`).
   */
  care?: boolean;
  /**
   * Base URL of the centre's server;
   * when unset, the `apiBase` given to `configure()` (@gjj-hall/sdk/host), else the page's own origin.
   */
  apiBase?: string;
  /**
   * This form's name for screen readers (its landmark), such as the page's heading above it; set it when the page has
   * two. Without it the form is 投诉建议, and a second unnamed one 投诉建议 2.
   */
  label?: string;
  /** A client to call with, instead of one made from `apiBase` (React use only): the hall passes its signed-in one. */
  client?: GjjClient;
  /** The complaint was stored. Element event: `gjj-submitted`. */
  onSubmitted?: (detail: ComplaintSubmittedDetail) => void;
  /** Loading the choices or sending failed. Element event: `gjj-error`. */
  onError?: (detail: { message: string }) => void;
}

type Field = keyof ComplaintFields;
type Values = Required<ComplaintFields>;
type Errors = Partial<Record<Field, string>>;
type Choices = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; types: CodeName[]; depts: CodeName[] };

/** The fields in the order they are shown: the first wrong one gets the focus. */
const FIELDS: readonly Field[] = ['tslx', 'zrbm', 'nr', 'lxdh'];
const EMPTY: Values = { tslx: '', zrbm: '', nr: '', lxdh: '' };


/** Characters, not UTF-16 units, as the server counts them. */
const charCount = (text: string): number => [...text.trim()].length;

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  error: string | undefined;
  hint?: ReactNode;
  children: (describedBy: string | undefined) => ReactNode;
}

/** A label, the control, its hint and its message, tied together by id. */
function FormField({ id, label, required, error, hint, children }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="gjj-complaint__field" part="field" data-invalid={error ? '' : undefined}>
      <label className="gjj-complaint__label" part="label" htmlFor={id}>
        {required ? (
          <span className="gjj-complaint__required" aria-hidden="true">
            *
          </span>
        ) : null}
        {label}
      </label>
      {children(describedBy)}
      {hint ? (
        <p id={hintId} className="gjj-complaint__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="gjj-complaint__error" part="error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The complaints and suggestions form (投诉建议): type, responsible department, content (5 to 500 characters, counted
 * as typed), an optional contact phone. Checked with the spec's messages before sending; sent once per click however
 * fast the clicks come, with one idempotency key per form fill, so a retry is stored once too.
 *
 * @example
 * <ComplaintForm apiBase="https://gjj.example.gov.cn" onSubmitted={({ sqbh }) => alert(`受理编号 ${sqbh}`)} />
 */
export function ComplaintForm({ apiBase, label, client, care, onSubmitted, onError }: ComplaintFormProps) {
  const ref = useRef<HTMLDivElement>(null);
  useWidgetStyles(ref, COMPLAINT_FORM_CSS);
  const instance = useInstanceName('投诉建议', label);
  const api = useClient(client, apiBase);
  const uid = useId();
  const ids = { tslx: `${uid}tslx`, zrbm: `${uid}zrbm`, nr: `${uid}nr`, lxdh: `${uid}lxdh` };

  const [attempt, setAttempt] = useState(0);
  // The outcome of one load, tagged with what it loaded, so a stale outcome reads as "loading".
  const [loaded, setLoaded] = useState<{ api: GjjClient; attempt: number; choices: Choices } | null>(null);
  const choices: Choices = loaded && loaded.api === api && loaded.attempt === attempt ? loaded.choices : { status: 'loading' };
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  // After the first attempt to send, the messages follow the typing.
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState('');
  const [receipt, setReceipt] = useState<ComplaintSubmittedDetail | null>(null);

  // One key per form fill: kept across clicks and retries of the same content, renewed after a success or a change.
  const key = useRef('');
  const keySent = useRef(false);
  // Set synchronously on the first click, so the clicks of a burst that arrive before React re-renders send nothing.
  const inFlight = useRef(false);
  const controls = useRef<Partial<Record<Field, HTMLElement | null>>>({});
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const callbacks = useRef({ onSubmitted, onError });
  useEffect(() => {
    callbacks.current = { onSubmitted, onError };
  });

  useEffect(() => {
    const controller = new AbortController();
    const o = { signal: controller.signal, silent: true };
    Promise.all([fetchComplaintTypes(api, o), fetchComplaintDepts(api, o)]).then(
      ([types, depts]) => !controller.signal.aborted && setLoaded({ api, attempt, choices: { status: 'ready', types, depts } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = errorMessage(error, '类型和责任部门加载失败');
        setLoaded({ api, attempt, choices: { status: 'error', message } });
        callbacks.current.onError?.({ message });
      },
    );
    return () => controller.abort();
  }, [api, attempt]);

  useEffect(() => {
    if (receipt) doneHeading.current?.focus();
  }, [receipt]);

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (keySent.current) {
      // The key went out with other content: a changed form is a new submission.
      key.current = '';
      keySent.current = false;
    }
    if (checked) setErrors(validateComplaint(next));
  };

  /** What every control of the form takes: its id, its place among the controls focused, value, change and messages. */
  const bind = (field: Field, describedBy: string | undefined) => ({
    id: ids[field],
    ref: (el: HTMLElement | null) => {
      controls.current[field] = el;
    },
    value: values[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy,
    onChange: (e: { currentTarget: { value: string } }) => change(field, e.currentTarget.value),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current || receipt) return;
    const found = validateComplaint(values);
    setErrors(found);
    setChecked(true);
    const wrong = FIELDS.find((f) => found[f]);
    if (wrong) {
      controls.current[wrong]?.focus();
      return;
    }
    inFlight.current = true;
    setSending(true);
    setFailure('');
    key.current ||= newIdempotencyKey();
    keySent.current = true;
    submitComplaint(api, values, key.current, { silent: true })
      .then(
        (answer) => {
          const detail: ComplaintSubmittedDetail = { id: answer.id, sqbh: answer.sqbh, tjsj: answer.tjsj };
          key.current = '';
          keySent.current = false;
          setReceipt(detail);
          callbacks.current.onSubmitted?.(detail);
        },
        (error: unknown) => {
          const message = errorMessage(error, '提交失败，请稍后重试');
          // 422: the key was used for other content (another tab of the same fill); the next 提交 is a new one.
          if (error instanceof HttpError && error.status === 422) key.current = '';
          setFailure(message);
          callbacks.current.onError?.({ message });
        },
      )
      .finally(() => {
        inFlight.current = false;
        setSending(false);
      });
  };

  const again = () => {
    setValues(EMPTY);
    setErrors({});
    setChecked(false);
    setFailure('');
    setReceipt(null);
    key.current = '';
    keySent.current = false;
    // The form is back on the next render; focus its first field then.
    requestAnimationFrame(() => controls.current.tslx?.focus());
  };

  const count = charCount(values.nr);
  const options = (list: CodeName[] | undefined, placeholder: string) => (
    <>
      <option value="">{choices.status === 'loading' ? '正在加载…' : placeholder}</option>
      {(list ?? []).map((o) => (
        <option key={o.code} value={o.code}>
          {o.name}
        </option>
      ))}
    </>
  );
  const ready = choices.status === 'ready' ? choices : undefined;

  return (
    <div ref={ref} className="gjj-root gjj-complaint" data-care={care || undefined}>
      {receipt ? (
        <div className="gjj-complaint__done" part="done">
          <h2 ref={doneHeading} tabIndex={-1} className="gjj-complaint__done-title">
            提交成功
          </h2>
          <dl className="gjj-complaint__receipt">
            <div>
              <dt>受理编号</dt>
              <dd data-sqbh>{receipt.sqbh}</dd>
            </div>
            <div>
              <dt>提交时间</dt>
              <dd>{receipt.tjsj}</dd>
            </div>
          </dl>
          <p className="gjj-complaint__hint">请记下受理编号，可凭此编号查询办理情况或拨打 12329 服务热线咨询。</p>
          <button type="button" className="gjj-button" onClick={again}>
            再提交一条
          </button>
        </div>
      ) : (
        <form className="gjj-complaint__form" part="form" aria-label={instance || '投诉建议'} noValidate onSubmit={submit}>
          {choices.status === 'error' ? (
            <div className="gjj-complaint__alert" role="alert">
              <span>类型和责任部门加载失败：{choices.message}</span>
              <button type="button" className="gjj-button gjj-button--plain" onClick={() => setAttempt((n) => n + 1)}>
                重新加载
              </button>
            </div>
          ) : null}
          <FormField id={ids.tslx} label="类型" required error={errors.tslx}>
            {(describedBy) => (
              <select {...bind('tslx', describedBy)} className="gjj-complaint__control" required>
                {options(ready?.types, '请选择类型')}
              </select>
            )}
          </FormField>
          <FormField id={ids.zrbm} label="责任部门" required error={errors.zrbm}>
            {(describedBy) => (
              <select {...bind('zrbm', describedBy)} className="gjj-complaint__control" required>
                {options(ready?.depts, '请选择责任部门')}
              </select>
            )}
          </FormField>
          <FormField
            id={ids.nr}
            label="意见内容"
            required
            error={errors.nr}
            hint={
              <span className={count > COMPLAINT_MAX_LENGTH ? 'gjj-complaint__count gjj-complaint__count--over' : 'gjj-complaint__count'}>
                不少于 5 个字，已输入 {count} / {COMPLAINT_MAX_LENGTH} 字
              </span>
            }
          >
            {(describedBy) => (
              <textarea
                {...bind('nr', describedBy)}
                className="gjj-complaint__control gjj-complaint__textarea"
                rows={6}
                required
              />
            )}
          </FormField>
          <FormField id={ids.lxdh} label="联系电话（选填）" error={errors.lxdh} hint="手机号码，或带区号的固定电话（如 0531-12345678）">
            {(describedBy) => (
              <input
                {...bind('lxdh', describedBy)}
                className="gjj-complaint__control"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
              />
            )}
          </FormField>
          {failure ? (
            <p className="gjj-complaint__alert" role="alert" part="failure">
              {failure}
            </p>
          ) : null}
          <div className="gjj-complaint__actions">
            <button type="submit" className="gjj-button" part="submit" disabled={sending}>
              {sending ? '正在提交…' : '提交'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
