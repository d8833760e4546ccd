import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage, HttpError, systemClock } from '@gjj-hall/sdk';
import type { MenuRoute } from '@gjj-hall/sdk/menu';
import { useStore } from '@nanostores/react';
import { decodeNoticeText } from '../handling-notice';
import { finishCollection, getMaterials, type ArchiveMaterial } from '../archive/archive-api';
import { hallArchiveApi } from '../archive/hall-archive-api';
import { $homePath, $menuRoutes, stores } from '../services';
import { Dialog } from '../ui/dialog';
import { HandlingNoticeDialog } from '../ui/handling-notice-dialog';
import { useMaySubmit } from '../use-permission';
import { usePageTitle } from '../use-page-title';
import {
  checkRestrictions,
  deleteDraft,
  fetchDraft,
  fetchGuide,
  fetchMaterials,
  fetchNotice,
  saveApplicationDraft,
  saveDraft,
  submitApplication,
  type Guide,
  type Material,
  type SubmitResult,
} from './api';
import { clearPending, DRAFT_IDLE_SAVE_MS, DRAFT_MESSAGES, DRAFT_RETRY_MS, localStore, pendingKey, readPending, writePending } from './draft';
import { MaterialsStep } from './materials-step';
import './wizard.css';

/** The answers of a business's form: field name to text ('' for "not answered"). */
export type WizardValues = Record<string, string>;
/** Field errors of a step. */
export type WizardErrors = Record<string, string>;

/** What a form step renders with. */
export interface StepContext {
  values: WizardValues;
  errors: WizardErrors;
  /** Sets one answer (and schedules the draft's save). */
  set: (name: string, value: string) => void;
}

/** One of the form steps a business page gives the wizard. */
export interface WizardFormStep {
  title: string;
  render: (ctx: StepContext) => ReactNode;
  /**
   * Field errors of this step ({} when it may be left). May ask the server (a promise): 下一步 waits for it, disabled
   * and saying 正在核验…, and a failed call should answer an error on the field it concerns.
   */
  validate?: (values: WizardValues) => WizardErrors | Promise<WizardErrors>;
}

/** A row of 核对信息: what was answered, and which form step (0-based among the form steps) changes it. */
export interface CheckRow {
  label: string;
  value: string;
  formStep: number;
}

export interface WizardProps {
  ywlx: string;
  /** The business's name, the page's heading. */
  title: string;
  formSteps: WizardFormStep[];
  initialValues: WizardValues;
  /** The application's payload from the answers. */
  toPayload: (values: WizardValues) => Record<string, unknown>;
  /** The rows of 核对信息. */
  checkRows: (values: WizardValues) => CheckRow[];
  /** A message when the answers as a whole cannot be submitted (checked on leaving the last form step). */
  validateAll?: (values: WizardValues) => string;
  /** What happens next, on the confirmation. */
  nextSteps?: (result: SubmitResult) => ReactNode;
  /**
   * Shown on 核对信息 under the answers, above 提交申请: a last proof the business asks for just before submitting
   * (GJ0313's SMS codes to the old and new number). Kept out of the answers, so never in a draft. `clearAlert`
   * takes the step's message away once the user acts on it.
   */
  beforeSubmit?: (values: WizardValues, clearAlert: () => void) => ReactNode;
  /** Runs on 提交申请 before the submission: '' goes on, a message stops it (shown in the step's alert). */
  confirmBeforeSubmit?: (values: WizardValues) => Promise<string>;
  /**
   * Shown on 申请材料 above the collector, once the application is saved (`ywbh`): a way to add a material other than
   * uploading (the withdrawal's QR-signed authorisation letter). `refresh` reloads the collector's files.
   */
  materialsExtra?: (ctx: { values: WizardValues; ywbh: string; refresh: () => void }) => ReactNode;
  /**
   * The page's button that allows the submission (spec 5.5, 6: its route path and button name). Without it in the
   * session's button map, 提交申请 is not drawn and the step says why; the server refuses the submission too.
   */
  submitPermission?: { path: string; button: string };
}

type Phase =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'blocked'; messages: string[] }
  | { kind: 'notice' }
  | { kind: 'resume' }
  | { kind: 'ready' };

/** The draft payload's key under which the wizard keeps the ywbh of the application its materials belong to. */
export const DRAFT_YWBH_KEY = '_ywbh';

const archiveApi = hallArchiveApi;

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: string } | { kind: 'failed' };

const GUIDE_ROWS: ReadonlyArray<readonly [keyof Guide, string]> = [
  ['xzdy', '事项定义'],
  ['sltj', '受理条件'],
  ['sqcl', '申请材料'],
  ['bllc', '办理流程'],
  ['bjsj', '办结时限'],
  ['slyj', '受理依据'],
  ['bljg', '办理结果'],
  ['fwdx', '服务对象'],
  ['blqd', '办理渠道'],
  ['bz', '备注'],
];

function routePathOf(routes: readonly MenuRoute[], name: string): string {
  for (const route of routes) {
    if (route.component?.kind === 'page' && route.component.name === name) return route.fullPath;
    const below = routePathOf(route.children, name);
    if (below) return below;
  }
  return '';
}

const clock = (d: Date) => [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');

/**
 * The handling wizard every business page uses (spec 2.5, 2.12, 2.14, 4.10; issue 21): the restriction check (its
 * message in a 提示 dialog), the handling notice with its countdown and agreement, then 办事指南 → the business's
 * form steps → 申请材料 → 核对信息 (修改 back to any step) → submit → the confirmation with the business number and
 * promised date. The draft is saved on every step change and shortly after typing stops; a failed save is kept in
 * the browser and retried until the server takes it.
 *
 * @example
 * <Wizard ywlx="GJ0313" title="个人手机号码变更" formSteps={[phoneStep]} initialValues={{ sjhm: '' }}
 *   toPayload={(v) => ({ sjhm: v.sjhm })} checkRows={(v) => [{ label: '新手机号码', value: v.sjhm, formStep: 0 }]} />
 */
export function Wizard({
  ywlx,
  title,
  formSteps,
  initialValues,
  toPayload,
  checkRows,
  validateAll,
  nextSteps,
  beforeSubmit,
  confirmBeforeSubmit,
  materialsExtra,
  submitPermission,
}: WizardProps) {
  usePageTitle(title);
  const maySubmit = useMaySubmit(submitPermission);
  const navigate = useNavigate();
  const home = useStore($homePath) || '/';
  const routes = useStore($menuRoutes);
  const user = useStore(stores.session.$userInfo);
  const key = pendingKey(String(user?.account ?? ''), String(user?.id ?? ''), ywlx);

  const MATERIALS = formSteps.length + 1;
  const CHECK = formSteps.length + 2;
  const DONE = formSteps.length + 3;
  const titles = ['办事指南', ...formSteps.map((s) => s.title), '申请材料', '核对信息', '办理完成'];

  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [notice, setNotice] = useState({ text: '', seconds: 5 });
  const [guide, setGuide] = useState<Guide | null>(null);
  const [draft, setDraft] = useState<{ step: number; payload: Record<string, unknown>; local: boolean } | null>(null);
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<WizardValues>(initialValues);
  const [errors, setErrors] = useState<WizardErrors>({});
  const [formError, setFormError] = useState('');
  const [returnToCheck, setReturnToCheck] = useState(false);
  const [materials, setMaterials] = useState<{ list: Material[]; loading: boolean; error: string }>({ list: [], loading: false, error: '' });
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<SubmitResult | null>(null);
  // The status-00 application the materials are uploaded to (docs/api-wizard.md › Materials).
  const [ywbh, setYwbh] = useState('');
  const [prepareError, setPrepareError] = useState('');
  const [uploaded, setUploaded] = useState<{ list: ArchiveMaterial[]; loading: boolean }>({ list: [], loading: false });
  const [collectorRound, setCollectorRound] = useState(0);
  const ywbhRef = useRef('');

  const headingRef = useRef<HTMLHeadingElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const latest = useRef({ step, values, active: false });
  const typingTimer = useRef<ReturnType<typeof systemClock.setTimeout> | null>(null);
  const retryTimer = useRef<ReturnType<typeof systemClock.setTimeout> | null>(null);
  const saveSeq = useRef(0);
  const dirty = useRef(false);

  // Opening: the restrictions, the notice, the guide and any draft (the server's, or one the browser kept).
  useEffect(() => {
    let live = true;
    Promise.all([checkRestrictions(ywlx), fetchNotice(ywlx), fetchGuide(ywlx), fetchDraft(ywlx)]).then(
      ([check, n, g, d]) => {
        if (!live) return;
        setGuide(g);
        setNotice({ text: decodeNoticeText(n?.pznr), seconds: typeof n?.seconds === 'number' ? n.seconds : 5 });
        const local = readPending(localStore(), key);
        // A draft the browser kept exists only because the server did not take it: it is the newer one.
        setDraft(local ? { step: local.step, payload: local.payload, local: true } : d ? { step: d.step, payload: d.payload, local: false } : null);
        if (check && !check.pass) setPhase({ kind: 'blocked', messages: check.messages.map((m) => m.msg) });
        else setPhase({ kind: 'notice' });
      },
      (error: unknown) => live && setPhase({ kind: 'error', message: errorMessage(error, '加载失败，请稍后重试') }),
    );
    return () => {
      live = false;
    };
  }, [ywlx, key, attempt]);

  // Kept in a ref so a failed save can schedule itself again.
  const saveRef = useRef<() => Promise<void>>(() => Promise.resolve());
  useEffect(() => {
    saveRef.current = async () => {
      const { step: s, values: v, active } = latest.current;
      if (!active) return;
      if (typingTimer.current) systemClock.clearTimeout(typingTimer.current);
      if (retryTimer.current) systemClock.clearTimeout(retryTimer.current);
      typingTimer.current = null;
      retryTimer.current = null;
      const seq = ++saveSeq.current;
      const payload: Record<string, unknown> = { ...v, ...(ywbhRef.current ? { [DRAFT_YWBH_KEY]: ywbhRef.current } : {}) };
      setSaveState({ kind: 'saving' });
      try {
        await saveDraft(ywlx, s, payload);
        if (seq !== saveSeq.current) return;
        dirty.current = false;
        clearPending(localStore(), key);
        setSaveState({ kind: 'saved', at: clock(new Date()) });
      } catch {
        if (seq !== saveSeq.current) return;
        writePending(localStore(), key, { step: s, payload, at: Date.now() });
        setSaveState({ kind: 'failed' });
        retryTimer.current = systemClock.setTimeout(() => void saveRef.current(), DRAFT_RETRY_MS);
      }
    };
  }, [ywlx, key]);
  const save = () => saveRef.current();

  useEffect(() => {
    latest.current = { step, values, active: phase.kind === 'ready' && step < DONE };
  });

  // What was typed just before the page goes away waits in the browser for the next visit.
  useEffect(() => {
    const onHide = () => {
      const { step: s, values: v, active } = latest.current;
      if (active && dirty.current)
        writePending(localStore(), key, { step: s, payload: { ...v, ...(ywbhRef.current ? { [DRAFT_YWBH_KEY]: ywbhRef.current } : {}) }, at: Date.now() });
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      if (typingTimer.current) systemClock.clearTimeout(typingTimer.current);
      if (retryTimer.current) systemClock.clearTimeout(retryTimer.current);
    };
  }, [key]);

  // Focus moves to the step's heading on every change of step, and to the first one when the dialogs close.
  useEffect(() => {
    if (phase.kind === 'ready') headingRef.current?.focus();
  }, [step, phase.kind]);

  const loadMaterials = useCallback(
    (v: WizardValues) => {
      setMaterials((m) => ({ ...m, loading: true, error: '' }));
      return fetchMaterials(ywlx, toPayload(v)).then(
        (list) => {
          setMaterials({ list, loading: false, error: '' });
          return list;
        },
        (error: unknown) => {
          setMaterials({ list: [], loading: false, error: errorMessage(error, '所需材料查询失败，请稍后重试') });
          return null;
        },
      );
    },
    [ywlx, toPayload],
  );

  // The application row the archive's files belong to: made once as a 00 draft, its answers refreshed on every
  // visit; its number goes into the wizard's draft, so a reload or a new sign-in finds the same files.
  const prepareApplication = useCallback(
    (v: WizardValues) => {
      setPrepareError('');
      saveApplicationDraft(ywlx, ywbhRef.current, toPayload(v)).then(
        (row) => {
          const fresh = ywbhRef.current !== row.ywbh;
          ywbhRef.current = row.ywbh;
          setYwbh(row.ywbh);
          if (fresh) {
            dirty.current = true;
            void saveRef.current();
          }
        },
        (error: unknown) => {
          // A number that is no longer a draft (submitted elsewhere) is forgotten: the next try makes a new one.
          if (error instanceof HttpError && error.status === 409) ywbhRef.current = '';
          setPrepareError(errorMessage(error, '申请保存失败，暂时无法上传材料，请稍后重试'));
        },
      );
    },
    [ywlx, toPayload],
  );

  // Answers that call for no material need no collection (GJ0313, or GJ0302 changing an address only); otherwise
  // (or when the list could not be read) the collector opens on the application.
  const enterMaterials = (v: WizardValues) => {
    void loadMaterials(v).then((list) => {
      if (list === null || list.length > 0 || ywbhRef.current) prepareApplication(v);
    });
  };

  const loadUploaded = useCallback(() => {
    if (!ywbhRef.current) return setUploaded({ list: [], loading: false });
    setUploaded((u) => ({ ...u, loading: true }));
    getMaterials(archiveApi, ywbhRef.current).then(
      (list) => setUploaded({ list, loading: false }),
      () => setUploaded({ list: [], loading: false }),
    );
  }, []);

  const goTo = (next: number, v: WizardValues = values) => {
    setErrors({});
    setFormError('');
    setStep(next);
    latest.current = { ...latest.current, step: next };
    if (next === CHECK) void loadMaterials(v);
    if (next === MATERIALS) enterMaterials(v);
    if (next === CHECK) loadUploaded();
    if (next < DONE) void save();
  };

  // 下一步 on the materials step: the archive says whether every required material has a file (cjtj).
  const [checking, setChecking] = useState(false);
  const leaveMaterials = async () => {
    if (!ywbhRef.current && materials.list.length === 0 && !materials.error) {
      if (returnToCheck) setReturnToCheck(false);
      goTo(CHECK);
      return;
    }
    if (!ywbhRef.current) {
      setFormError(prepareError || '正在准备材料上传，请稍候');
      return;
    }
    setChecking(true);
    try {
      await finishCollection(archiveApi, ywbhRef.current);
    } catch (error) {
      setFormError(errorMessage(error, '材料检查失败，请稍后重试'));
      systemClock.setTimeout(() => alertRef.current?.focus(), 0);
      return;
    } finally {
      setChecking(false);
    }
    if (returnToCheck) setReturnToCheck(false);
    goTo(CHECK);
  };

  const set = (name: string, value: string) => {
    setValues((v) => {
      const next = { ...v, [name]: value };
      latest.current = { ...latest.current, values: next };
      return next;
    });
    if (errors[name]) setErrors((e) => ({ ...e, [name]: '' }));
    dirty.current = true;
    if (typingTimer.current) systemClock.clearTimeout(typingTimer.current);
    typingTimer.current = systemClock.setTimeout(() => void save(), DRAFT_IDLE_SAVE_MS);
  };

  const [validating, setValidating] = useState(false);
  const [focusInvalid, setFocusInvalid] = useState(0);
  useEffect(() => {
    if (focusInvalid > 0) bodyRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);
  const next = async () => {
    if (step === MATERIALS) return void leaveMaterials();
    if (step >= 1 && step <= formSteps.length) {
      let found: WizardErrors = {};
      setValidating(true);
      try {
        found = (await formSteps[step - 1]!.validate?.(values)) ?? {};
      } finally {
        setValidating(false);
      }
      const bad = Object.entries(found).filter(([, m]) => m);
      if (bad.length > 0) {
        setErrors(Object.fromEntries(bad));
        setFormError(`请修改标出的 ${bad.length} 处错误`);
        // Once React has marked them (after an asynchronous check too): the first field in error takes the focus.
        setFocusInvalid((n) => n + 1);
        return;
      }
      if (step === formSteps.length || returnToCheck) {
        const whole = validateAll?.(values) ?? '';
        if (whole) {
          setFormError(whole);
          systemClock.setTimeout(() => alertRef.current?.focus(), 0);
          return;
        }
      }
    }
    if (returnToCheck && step < CHECK) {
      setReturnToCheck(false);
      goTo(CHECK);
      return;
    }
    goTo(step + 1);
  };

  const back = () => {
    if (step === 0) navigate(home);
    else goTo(step - 1);
  };

  const submit = async () => {
    const whole = validateAll?.(values) ?? '';
    if (whole) {
      setFormError(whole);
      return;
    }
    setSubmitting(true);
    setFormError('');
    try {
      const why = confirmBeforeSubmit ? await confirmBeforeSubmit(values) : '';
      if (why) {
        setFormError(why);
        systemClock.setTimeout(() => alertRef.current?.focus(), 0);
        return;
      }
      const answer = await submitApplication(ywlx, toPayload(values), ywbhRef.current);
      ywbhRef.current = '';
      setYwbh('');
      saveSeq.current += 1;
      if (typingTimer.current) systemClock.clearTimeout(typingTimer.current);
      if (retryTimer.current) systemClock.clearTimeout(retryTimer.current);
      dirty.current = false;
      clearPending(localStore(), key);
      setResult(answer);
      setSaveState({ kind: 'idle' });
      setStep(DONE);
    } catch (error) {
      // The answers stay as typed: the message says what to change.
      setFormError(errorMessage(error, '提交失败，请稍后重试'));
      systemClock.setTimeout(() => alertRef.current?.focus(), 0);
    } finally {
      setSubmitting(false);
    }
  };

  const resume = (keep: boolean) => {
    if (keep && draft) {
      const restored: WizardValues = { ...initialValues };
      for (const [k, v] of Object.entries(draft.payload)) if (typeof v === 'string' && k in initialValues) restored[k] = v;
      const kept = draft.payload[DRAFT_YWBH_KEY];
      ywbhRef.current = typeof kept === 'string' ? kept : '';
      setYwbh(ywbhRef.current);
      const at = Math.min(Math.max(0, draft.step), CHECK);
      setValues(restored);
      setStep(at);
      latest.current = { step: at, values: restored, active: true };
      if (at === CHECK) void loadMaterials(restored);
      if (at === MATERIALS) enterMaterials(restored);
      if (at === CHECK) loadUploaded();
      // The browser's copy goes to the server now.
      if (draft.local) {
        dirty.current = true;
        systemClock.setTimeout(() => void save(), 0);
      }
    } else {
      // The server discards the draft and the 00 application it made for the materials, with their files (a
      // browser-kept draft's number is sent along, since the server never saw it).
      const kept = draft?.local ? draft.payload[DRAFT_YWBH_KEY] : undefined;
      clearPending(localStore(), key);
      deleteDraft(ywlx, typeof kept === 'string' ? kept : '').catch((error: unknown) => setFormError(errorMessage(error, '原草稿未能删除，可稍后在“我的业务”中删除')));
    }
    setDraft(null);
    setPhase({ kind: 'ready' });
  };

  const detailPath = routePathOf(routes, 'MyOfficeDetail');

  let content: ReactNode = null;
  if (phase.kind === 'loading') content = <p role="status">正在加载，请稍候…</p>;
  else if (phase.kind === 'error')
    content = (
      <div role="alert">
        <p>{phase.message}</p>
        <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
          重新加载
        </button>
      </div>
    );
  else if (phase.kind === 'ready') {
    let body: ReactNode;
    if (step === 0) body = guide ? <GuideView guide={guide} /> : null;
    else if (step <= formSteps.length) body = <FormStepView step={formSteps[step - 1]!} values={values} errors={errors} set={set} />;
    else if (step === MATERIALS)
      body = (
        <MaterialsStep
          materials={materials.list}
          loading={materials.loading}
          error={materials.error}
          ywbh={ywbh}
          prepareError={prepareError}
          onRetry={() => prepareApplication(values)}
          api={archiveApi}
          onChange={() => setFormError('')}
          extra={ywbh ? materialsExtra?.({ values, ywbh, refresh: () => setCollectorRound((n) => n + 1) }) : null}
          collectorKey={collectorRound}
          onComplete={() => {
            if (returnToCheck) setReturnToCheck(false);
            goTo(CHECK);
          }}
        />
      );
    else if (step === CHECK)
      body = (
        <>
        <CheckAnswers
          rows={checkRows(values)}
          materials={materials}
          uploaded={uploaded}
          onChange={(formStep) => {
            setReturnToCheck(true);
            goTo(formStep + 1);
          }}
          onMaterials={() => {
            setReturnToCheck(true);
            goTo(MATERIALS);
          }}
        />
        {beforeSubmit?.(values, () => setFormError(''))}
        </>
      );
    else if (result) body = <Confirmation result={result} detailPath={detailPath} home={home} nextSteps={nextSteps} />;

    content = (
      <>
        <ol className="steps wizard-steps" aria-label="办理步骤">
          {titles.map((t, i) => (
            <li key={t} aria-current={i === step ? 'step' : undefined} className={i < step ? 'steps__done' : undefined}>
              <span className="wizard-steps__n" aria-hidden="true">
                {i + 1}
              </span>
              <span className="wizard-steps__label">{t}</span>
              {i < step && <span className="visually-hidden">（已完成）</span>}
            </li>
          ))}
        </ol>
        <div className="wizard__step" ref={bodyRef}>
          <h2 className="wizard__heading" ref={headingRef} tabIndex={-1}>
            <span className="wizard__count">
              第 {step + 1} 步，共 {titles.length} 步：
            </span>
            {titles[step]}
          </h2>
          <p ref={alertRef} tabIndex={-1} className="form-alert" role="alert">
            {formError}
          </p>
          {body}
        </div>
        {step < DONE && (
          <div className="wizard__actions">
            <button type="button" className="btn" onClick={back}>
              {step === 0 ? '返回首页' : '上一步'}
            </button>
            {step < CHECK && (
              <button type="button" className="btn btn--primary" onClick={() => void next()} disabled={validating || (step === MATERIALS && (materials.loading || checking))}>
                {validating ? '正在核验…' : returnToCheck && step > 0 ? '保存并返回核对' : '下一步'}
              </button>
            )}
            {step === CHECK && maySubmit && (
              <button type="button" className="btn btn--primary" onClick={() => void submit()} disabled={submitting}>
                {submitting ? '正在提交…' : '提交申请'}
              </button>
            )}
            {step === CHECK && !maySubmit && <p className="wizard__note">当前账户没有提交此项业务的权限，请联系单位管理员授权。</p>}
          </div>
        )}
        {step < DONE && <DraftStatus state={saveState} />}
      </>
    );
  }

  return (
    <section className="page wizard" aria-labelledby="wizard-title">
      <h1 id="wizard-title">{title}</h1>
      {content}
      <Dialog
        title="提示"
        size="prompt"
        alert
        open={phase.kind === 'blocked'}
        onClose={() => navigate(home)}
        footer={
          <button type="button" className="btn btn--primary" onClick={() => navigate(home)}>
            确定
          </button>
        }
      >
        {phase.kind === 'blocked' && phase.messages.map((m) => <p key={m}>{m}</p>)}
      </Dialog>
      {phase.kind === 'notice' && (
      <HandlingNoticeDialog
        open
        text={notice.text}
        seconds={notice.seconds}
        onClose={() => navigate(home)}
        onAgree={() => setPhase(draft ? { kind: 'resume' } : { kind: 'ready' })}
      />
      )}
      <Dialog
        title="提示"
        size="prompt"
        alert
        closable={false}
        open={phase.kind === 'resume'}
        footer={
          <>
            <button type="button" className="btn" onClick={() => resume(false)}>
              重新填写
            </button>
            <button type="button" className="btn btn--primary" onClick={() => resume(true)}>
              继续填写
            </button>
          </>
        }
      >
        <p>{DRAFT_MESSAGES.resume}</p>
      </Dialog>
    </section>
  );
}

function FormStepView({ step, values, errors, set }: StepContext & { step: WizardFormStep }) {
  return <>{step.render({ values, errors, set })}</>;
}

function DraftStatus({ state }: { state: SaveState }) {
  return (
    <>
      <p className="wizard__draft" role="status">
        {state.kind === 'saving' ? DRAFT_MESSAGES.saving : state.kind === 'saved' ? `草稿已自动保存（${state.at}），30 天内可继续填写` : ''}
      </p>
      <p className={state.kind === 'failed' ? 'form-alert wizard__draft-failed' : 'wizard__draft-failed'} role="alert">
        {state.kind === 'failed' ? DRAFT_MESSAGES.failed : ''}
      </p>
    </>
  );
}

function GuideView({ guide }: { guide: Guide }) {
  return (
    <dl className="wizard-guide">
      {GUIDE_ROWS.filter(([k]) => guide[k]).map(([k, label]) => (
        <div key={k} className="wizard-guide__row">
          <dt>{label}</dt>
          <dd>{guide[k]}</dd>
        </div>
      ))}
    </dl>
  );
}

function CheckAnswers({
  rows,
  materials,
  uploaded,
  onChange,
  onMaterials,
}: {
  rows: CheckRow[];
  materials: { list: Material[]; loading: boolean };
  uploaded: { list: ArchiveMaterial[]; loading: boolean };
  onChange: (formStep: number) => void;
  onMaterials: () => void;
}) {
  return (
    <>
      <p className="wizard__note">请核对以下信息，确认无误后提交。</p>
      <dl className="wizard-check">
        {rows.map((r) => (
          <div key={r.label} className="wizard-check__row">
            <dt>{r.label}</dt>
            <dd>{r.value || '—'}</dd>
            <dd className="wizard-check__action">
              <button type="button" className="link-button" onClick={() => onChange(r.formStep)}>
                修改<span className="visually-hidden">{r.label}</span>
              </button>
            </dd>
          </div>
        ))}
        <div className="wizard-check__row">
          <dt>所需材料</dt>
          <dd>{materials.loading ? '正在查询…' : materials.list.length === 0 ? '无需材料' : materials.list.map((m) => m.wjmc).join('；')}</dd>
          <dd className="wizard-check__action" />
        </div>
        <div className="wizard-check__row">
          <dt>已上传材料</dt>
          <dd className="wizard-check__uploaded">
            {uploaded.loading ? (
              '正在查询…'
            ) : uploaded.list.some((m) => m.files.length > 0) ? (
              <ul>
                {uploaded.list
                  .filter((m) => m.files.length > 0)
                  .map((m) => (
                    <li key={m.clbh} data-clbh={m.clbh}>
                      {m.clmc}：{m.files.length} 个文件
                    </li>
                  ))}
              </ul>
            ) : (
              '未上传材料'
            )}
          </dd>
          <dd className="wizard-check__action">
            <button type="button" className="link-button" onClick={onMaterials}>
              修改<span className="visually-hidden">申请材料</span>
            </button>
          </dd>
        </div>
      </dl>
    </>
  );
}

function Confirmation({
  result,
  detailPath,
  home,
  nextSteps,
}: {
  result: SubmitResult;
  detailPath: string;
  home: string;
  nextSteps?: (result: SubmitResult) => ReactNode;
}) {
  const done = result.zt === '03';
  return (
    <div className="wizard-done">
      <p className="wizard-done__headline">{done ? '申请已提交并已办结' : '申请已提交'}</p>
      <dl className="wizard-check">
        <div className="wizard-check__row">
          <dt>业务编号</dt>
          <dd className="wizard-done__ywbh">{result.ywbh}</dd>
        </div>
        <div className="wizard-check__row">
          <dt>办理状态</dt>
          <dd>{result.ztmc}</dd>
        </div>
        <div className="wizard-check__row">
          <dt>承诺办结日期</dt>
          <dd>{result.promisedDate ?? '—'}</dd>
        </div>
      </dl>
      <h3 className="wizard-done__next">接下来</h3>
      {nextSteps ? (
        nextSteps(result)
      ) : (
        <p>
          {done
            ? '您的申请已即时办结，办理结果已短信通知您。'
            : `中心将在承诺办结日期（${result.promisedDate ?? ''}）前审核办理，结果以短信通知您。审核通过前您可以在“我的业务”中撤回申请。`}
        </p>
      )}
      <p className="wizard__actions">
        {detailPath && (
          <Link className="btn btn--primary" to={`${detailPath}?ywbh=${encodeURIComponent(result.ywbh)}`}>
            查看业务详情
          </Link>
        )}
        <Link className="btn" to={home}>
          返回首页
        </Link>
      </p>
    </div>
  );
}
