import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '@gjj-hall/sdk';
import {
  EVALUATION_COMMENT_MAX,
  fetchEvaluationItems,
  fetchEvaluationLevels,
  newIdempotencyKey,
  submitEvaluation,
  type CodeName,
  type EvaluationForm,
  type EvaluationItem,
} from '@gjj-hall/sdk/public';
import { client } from '../../../shared/services';
import { toast } from '../../../shared/toast';
import { usePageTitle } from '../../../shared/use-page-title';
import { commentLength, validateEvaluation } from '../evaluation-form';
import './evaluation.css';

type Errors = Partial<Record<keyof EvaluationForm, string>>;

/** What /evaluationRecords is handed after a success, to say which record is new. */
export interface EvaluationDone {
  pjbh: string;
}

/** The items by category, for the select's option groups. */
function groups(items: readonly EvaluationItem[]): Array<[string, EvaluationItem[]]> {
  const map = new Map<string, EvaluationItem[]>();
  for (const item of items) map.set(item.category, [...(map.get(item.category) ?? []), item]);
  return [...map];
}

/**
 * /startEvaluation (session): evaluate a business item. The item may come chosen from `?sxbm=`; the level is a radio
 * group (arrow keys move within it); the comment is optional, at most 200 characters, counted as typed.
 *
 * One form fill sends one idempotency key with every click and retry (a new one once the content changes or after a
 * success), and a click while a submission is under way does nothing, so however fast the clicks come one
 * evaluation is stored.
 */
export function StartEvaluationPage() {
  usePageTitle('我要评价');
  const [params] = useSearchParams();
  // The item in the address preselects once, on arrival; the person's own choice wins after that.
  const [wanted] = useState(() => params.get('sxbm') ?? '');
  const navigate = useNavigate();
  const ids = { item: useId(), level: useId(), comment: useId() };
  const [items, setItems] = useState<EvaluationItem[] | null>(null);
  const [levels, setLevels] = useState<CodeName[]>([]);
  const [loadFailed, setLoadFailed] = useState(false);
  const [form, setForm] = useState<Required<EvaluationForm>>({ sxbm: '', myd: '', pjnr: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const key = useRef(newIdempotencyKey());
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    Promise.all([fetchEvaluationItems(client, { signal }), fetchEvaluationLevels(client, { signal })]).then(
      ([list, lv]) => {
        setItems(list);
        setLevels(lv);
        if (list.some((i) => i.code === wanted)) setForm((f) => (f.sxbm ? f : { ...f, sxbm: wanted }));
      },
      () => !signal.aborted && setLoadFailed(true),
    );
    return () => controller.abort();
  }, [wanted]);

  const change = (field: keyof EvaluationForm, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    // Other content is another submission: it gets a key of its own (the server would refuse the old one with 422).
    key.current = newIdempotencyKey();
    setServerError('');
    if (errors[field]) setErrors((e) => ({ ...e, [field]: validateEvaluation({ ...form, [field]: value })[field] }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const found = validateEvaluation(form);
    setErrors(found);
    setServerError('');
    if (Object.keys(found).length) {
      const first = found.sxbm ? `#${CSS.escape(ids.item)}` : found.myd ? 'input[name="myd"]' : `#${CSS.escape(ids.comment)}`;
      formRef.current?.querySelector<HTMLElement>(first)?.focus();
      return;
    }
    inFlight.current = true;
    setBusy(true);
    try {
      const done = await submitEvaluation(client, form, key.current, { silent: true });
      key.current = newIdempotencyKey();
      toast.success('评价成功');
      navigate('/evaluationRecords', { state: { pjbh: done.pjbh } satisfies EvaluationDone });
    } catch (error) {
      // A 401 opens the sign-in dialog (the client's hook); anything else shows above the form, nothing is lost.
      const status = (error as { status?: number; code?: unknown }).status ?? Number((error as { code?: unknown }).code);
      if (status !== 401) setServerError(errorMessage(error, '提交失败，请稍后重试'));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const count = commentLength(form.pjnr);

  return (
    <section className="page" aria-labelledby="start-eval-title">
      <h1 id="start-eval-title">我要评价</h1>
      <p className="page__lead">
        请选择您办理的业务事项和满意度，并可写下您的意见。<Link to="/evaluationRecords">查看我的评价</Link>
      </p>
      {loadFailed ? (
        <p className="empty" role="alert">
          评价事项加载失败，请稍后重试
        </p>
      ) : items === null ? (
        <p role="status">正在加载，请稍候…</p>
      ) : (
        <form ref={formRef} className="eval-form" noValidate onSubmit={(e) => void submit(e)}>
          <p role="alert" className="form-alert" hidden={!serverError}>
            {serverError}
          </p>
          <div className="eval-form__row">
            <label className="eval-form__label" htmlFor={ids.item}>
              评价事项
            </label>
            <select
              id={ids.item}
              value={form.sxbm}
              aria-invalid={errors.sxbm ? true : undefined}
              aria-describedby={errors.sxbm ? `${ids.item}-error` : undefined}
              onChange={(e) => change('sxbm', e.target.value)}
            >
              <option value="">请选择</option>
              {groups(items).map(([category, list]) => (
                <optgroup key={category} label={category}>
                  {list.map((i) => (
                    <option key={i.code} value={i.code}>
                      {i.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            <p id={`${ids.item}-error`} className="field__error">
              {errors.sxbm}
            </p>
          </div>
          <fieldset
            className="eval-form__row"
            aria-describedby={errors.myd ? `${ids.level}-error` : undefined}
          >
            <legend>满意度</legend>
            <div className="eval-form__levels">
              {levels.map((l) => (
                <label key={l.code}>
                  <input
                    type="radio"
                    name="myd"
                    value={l.code}
                    checked={form.myd === l.code}
                    onChange={() => change('myd', l.code)}
                  />
                  {l.name}
                </label>
              ))}
            </div>
            <p id={`${ids.level}-error`} className="field__error">
              {errors.myd}
            </p>
          </fieldset>
          <div className="eval-form__row">
            <label className="eval-form__label" htmlFor={ids.comment}>
              评价内容（选填）
            </label>
            <textarea
              id={ids.comment}
              value={form.pjnr}
              aria-invalid={errors.pjnr ? true : undefined}
              aria-describedby={errors.pjnr ? `${ids.comment}-count ${ids.comment}-error` : `${ids.comment}-count`}
              placeholder="请写下您的意见或建议"
              onChange={(e) => change('pjnr', e.target.value)}
            />
            <p id={`${ids.comment}-count`} className={`eval-form__count${count > EVALUATION_COMMENT_MAX ? ' eval-form__count--over' : ''}`}>
              已输入 {count}/{EVALUATION_COMMENT_MAX} 字
            </p>
            <p id={`${ids.comment}-error`} className="field__error">
              {errors.pjnr}
            </p>
          </div>
          <div className="eval-form__actions">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? '正在提交…' : '提交评价'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
