import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '@gjj-hall/sdk';
import { useStore } from '@nanostores/react';
import { $menuRoutes } from '../../../shared/services';
import { ArchiveMaterials } from '../../../shared/archive/archive-materials';
import { hallArchiveApi } from '../../../shared/archive/hall-archive-api';
import { toast } from '../../../shared/toast';
import { Dialog } from '../../../shared/ui/dialog';
import { usePageTitle } from '../../../shared/use-page-title';
import { deleteDraft, fetchApplication, resubmitApplication, withdrawApplication, type ApplicationDetail } from '../api';
import { applyFields, OFFICE_COMPONENTS, payloadFields, routePathOf } from '../office';
import { PrintButton, PrintHead } from '../../../shared/table/print';
import { StatusTag } from './status-tag';
import '../myoffice.css';

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; detail: ApplicationDetail };
type Held = { ywbh: string } & Loaded;
type Confirm = 'withdraw' | 'delete' | null;

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : String(v));

/**
 * 业务详情 (`?ywbh=`): an application's facts, its promised date, and its timeline (each event's time, status, who,
 * note and reasons), with what its owner may do now: 撤回 before acceptance (confirmed in a dialog), 修改后重新提交
 * after 退回, 删除草稿. Another login's number answers 403 (the app's dialog) and shows nothing of it.
 */
export function MyOfficeDetailPage() {
  usePageTitle('业务详情');
  const [params] = useSearchParams();
  const ywbh = (params.get('ywbh') ?? '').trim();
  const navigate = useNavigate();
  const routes = useStore($menuRoutes);
  const listPath = routePathOf(routes, OFFICE_COMPONENTS.list);
  const [held, setHeld] = useState<Held>({ ywbh: '', status: 'loading' });
  // What was loaded for another number is not shown: a reload of the same one keeps the page on screen.
  const loaded: Loaded = held.ywbh === ywbh ? held : { status: 'loading' };
  const [attempt, setAttempt] = useState(0);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!ywbh) return;
    const controller = new AbortController();
    fetchApplication(ywbh, { signal: controller.signal, silent: true }).then(
      (detail) => !controller.signal.aborted && setHeld({ ywbh, status: 'ready', detail }),
      (error: unknown) =>
        !controller.signal.aborted && setHeld({ ywbh, status: 'error', message: errorMessage(error, '加载失败，请稍后重试') }),
    );
    return () => controller.abort();
  }, [ywbh, attempt]);

  const act = async (run: () => Promise<unknown>, done: string, after?: () => void) => {
    setBusy(true);
    setActionError('');
    try {
      await run();
      toast.success(done);
      setConfirm(null);
      setEditing(false);
      if (after) after();
      else {
        setAttempt((n) => n + 1);
        headingRef.current?.focus();
      }
    } catch (error) {
      setConfirm(null);
      setActionError(errorMessage(error, '操作失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };

  const back = listPath ? (
    <Link to={listPath} className="btn">
      返回我的业务
    </Link>
  ) : null;

  if (!ywbh) {
    return (
      <section className="page office" aria-labelledby="office-detail-title">
        <h1 id="office-detail-title">业务详情</h1>
        <p role="alert">缺少业务编号</p>
        {back}
      </section>
    );
  }

  return (
    <section className="page office" aria-labelledby="office-detail-title">
      <h1 id="office-detail-title" ref={headingRef} tabIndex={-1}>
        业务详情
      </h1>
      {loaded.status === 'loading' && <p role="status">正在加载，请稍候…</p>}
      {loaded.status === 'error' && (
        <div className="content-error" role="alert">
          <p>{loaded.message}</p>
          <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
            重新加载
          </button>
        </div>
      )}
      {loaded.status === 'ready' && <PrintHead title="业务详情" period={`业务编号：${ywbh}`} />}
      {loaded.status === 'ready' && (
        <Detail
          detail={loaded.detail}
          busy={busy}
          editing={editing}
          actionError={actionError}
          onWithdraw={() => setConfirm('withdraw')}
          onDelete={() => setConfirm('delete')}
          onEdit={() => {
            setActionError('');
            setEditing(true);
          }}
          onCancelEdit={() => setEditing(false)}
          onResubmit={(payload) => void act(() => resubmitApplication(ywbh, payload), '已重新提交，请等待中心受理')}
        />
      )}
      <p className="office-actions no-print">
        {back}
        {loaded.status === 'ready' && <PrintButton label="打印业务详情" />}
      </p>
      <Dialog
        title="系统提示"
        alert
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        footer={
          <>
            <button type="button" className="btn" onClick={() => setConfirm(null)}>
              取消
            </button>
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy}
              onClick={() =>
                void (confirm === 'withdraw'
                  ? act(() => withdrawApplication(ywbh), '申请已撤回')
                  : act(() => deleteDraft(ywbh), '草稿已删除', () => navigate(listPath || '/', { replace: true })))
              }
            >
              {confirm === 'withdraw' ? '确定撤回' : '确定删除'}
            </button>
          </>
        }
      >
        <p>
          {confirm === 'withdraw'
            ? `您确定要撤回业务 ${ywbh} 吗？撤回后中心不再办理，如需办理请重新申请。`
            : `您确定要删除草稿 ${ywbh} 吗？删除后不能恢复。`}
        </p>
      </Dialog>
    </section>
  );
}

interface DetailProps {
  detail: ApplicationDetail;
  busy: boolean;
  editing: boolean;
  actionError: string;
  onWithdraw: () => void;
  onDelete: () => void;
  onEdit: () => void;
  onCancelEdit: () => void;
  onResubmit: (payload: Record<string, unknown>) => void;
}

function Detail({ detail, busy, editing, actionError, onWithdraw, onDelete, onEdit, onCancelEdit, onResubmit }: DetailProps) {
  const fields = payloadFields(detail.payload);
  const returned = [...detail.events].reverse().find((e) => e.zt === '04');
  return (
    <>
      <dl className="facts office-facts">
        <div className="facts__item">
          <dt>业务名称</dt>
          <dd>{detail.ywmc}</dd>
        </div>
        <div className="facts__item">
          <dt>业务编号</dt>
          <dd>{detail.ywbh}</dd>
        </div>
        <div className="facts__item">
          <dt>状态</dt>
          <dd>
            <StatusTag zt={detail.zt} ztmc={detail.ztmc} />
          </dd>
        </div>
        <div className="facts__item">
          <dt>提交时间</dt>
          <dd>{dash(detail.submittedAt)}</dd>
        </div>
        <div className="facts__item">
          <dt>承诺办结日期</dt>
          <dd>
            {dash(detail.promisedDate)}
            {detail.timeLimitDays ? <span className="page__muted">（{detail.timeLimitDays} 个工作日内）</span> : null}
          </dd>
        </div>
      </dl>

      {detail.zt === '04' && returned && (
        <div className="office-returned" role="note" aria-label="退回原因">
          <p className="office-returned__title">中心已退回您的申请，请按以下意见修改后重新提交：</p>
          <Reasons reasons={returned.reasons} note={returned.note} />
        </div>
      )}

      {actionError && (
        <p className="content-error" role="alert">
          {actionError}
        </p>
      )}

      {(detail.canWithdraw || detail.canResubmit || detail.canDelete) && !editing && (
        <p className="office-actions">
          {detail.canResubmit && (
            <button type="button" className="btn btn--primary" onClick={onEdit}>
              修改后重新提交
            </button>
          )}
          {detail.canWithdraw && (
            <button type="button" className="btn" onClick={onWithdraw} aria-haspopup="dialog">
              撤回
            </button>
          )}
          {detail.canDelete && (
            <button type="button" className="btn btn--danger" onClick={onDelete} aria-haspopup="dialog">
              删除草稿
            </button>
          )}
        </p>
      )}

      {editing && <ResubmitForm detail={detail} busy={busy} onCancel={onCancelEdit} onSubmit={onResubmit} />}
      {editing && detail.zt === '04' && <ReturnedMaterials ywbh={detail.ywbh} />}

      <h2 className="section-title">办理进度</h2>
      {detail.events.length === 0 ? (
        <p className="empty">暂无数据</p>
      ) : (
        <ol className="office-timeline" aria-label="办理进度">
          {detail.events.map((e, i) => (
            <li key={`${e.at}-${i}`} className="office-timeline__item">
              <p className="office-timeline__head">
                <time dateTime={e.at}>{e.at}</time>
                <StatusTag zt={e.zt} ztmc={e.ztmc} />
                <span className="office-timeline__actor">{e.actorName || e.actor}</span>
              </p>
              {(e.note || (e.reasons && e.reasons.length > 0)) && <Reasons reasons={e.reasons} note={e.note} />}
            </li>
          ))}
        </ol>
      )}

      {fields.length > 0 && !editing && (
        <>
          <h2 className="section-title">申请内容</h2>
          <dl className="office-payload">
            {fields.map((f) => (
              <div key={f.key} className="office-payload__item">
                <dt>{f.label}</dt>
                <dd>{dash(f.value)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </>
  );
}

function Reasons({ reasons, note }: { reasons: string[] | null; note: string | null }) {
  return (
    <>
      {note && <p className="office-note">说明：{note}</p>}
      {reasons && reasons.length > 0 && (
        <ul className="office-reasons" aria-label="原因">
          {reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The materials of a returned application (已退回): the archive collector on the same application, where the applicant
 * adds or replaces what the centre asked for before 重新提交 (the server refuses a resubmission while a required
 * material has no file, naming it).
 */
function ReturnedMaterials({ ywbh }: { ywbh: string }) {
  const idBase = useId();
  return (
    <section className="office-materials" aria-labelledby={`${idBase}-materials`}>
      <h2 id={`${idBase}-materials`} className="section-title">
        补充或更换材料
      </h2>
      <p className="page__muted">如中心要求补充或更换材料，请在下方对应项目中上传；上传后点击“确认材料齐全”，再点击上方的“重新提交”。</p>
      <ArchiveMaterials
        api={hallArchiveApi}
        ywbh={ywbh}
        finishLabel="确认材料齐全"
        onComplete={() => toast.success('材料已齐全，请点击“重新提交”')}
        onNotice={(text, level) => toast[level](text)}
      />
    </section>
  );
}

/**
 * 修改后重新提交, for now a generic form of the payload's top-level string (and number) fields. The business wizard
 * of the next issue (each business's own steps) replaces it; the server checks the payload with the type's schema
 * and its message shows above the form, nothing typed being lost.
 */
function ResubmitForm({
  detail,
  busy,
  onCancel,
  onSubmit,
}: {
  detail: ApplicationDetail;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (payload: Record<string, unknown>) => void;
}) {
  const fields = payloadFields(detail.payload);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((f) => [f.key, f.value])));
  const idBase = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(applyFields(detail.payload, values));
  };
  return (
    <form className="office-edit" onSubmit={submit} aria-labelledby={`${idBase}-title`} noValidate>
      <h2 id={`${idBase}-title`} className="section-title" ref={titleRef} tabIndex={-1}>
        修改申请内容
      </h2>
      {fields.length === 0 && <p className="page__muted">该申请没有可在此修改的内容，可直接重新提交。</p>}
      {fields.map((f) => (
        <div key={f.key} className="field office-edit__field">
          <label className="field__label" htmlFor={`${idBase}-${f.key}`}>
            {f.label}
          </label>
          <input
            id={`${idBase}-${f.key}`}
            className="field__input"
            name={f.key}
            value={values[f.key] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
          />
        </div>
      ))}
      <p className="office-actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          重新提交
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          取消修改
        </button>
      </p>
    </form>
  );
}
