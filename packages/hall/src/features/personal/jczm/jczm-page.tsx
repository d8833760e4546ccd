import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '@gjj-hall/sdk';
import { usePageTitle } from '../../../shared/use-page-title';
import { Dialog } from '../../../shared/ui/dialog';
import { DataTable, saveBlob, type TableColumn } from '../../../shared/table';
import { checkForm, monthCount, periodText, type FormValues } from './jczm-form';
import {
  createCertificate,
  downloadCertificate,
  fetchCertificates,
  fetchOptions,
  revokeCertificate,
  type Certificate,
  type CertificateOptions,
} from './api';
import './jczm.css';

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; options: CertificateOptions };

const fileName = (zmbh: string) => `缴存证明_${zmbh}.pdf`;

/**
 * 缴存证明打印 (/grwt/zhxx/zhcx/jczm; issue 24 item 3, docs/api-personal.md › 缴存证明): choose the account, the
 * period (the last 12 months by default, never before the opening month) and optionally the purpose, then 生成缴存证明:
 * the server freezes the facts, and the PDF downloads. Below, the certificates this login issued, each to download
 * again or revoke (作废); anyone shown one checks it on the public page /jczmVerify with its code or QR.
 */
export function JczmPage() {
  usePageTitle('缴存证明打印');
  const id = useId();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [values, setValues] = useState<FormValues>({ grzh: '', from: '', to: '', yt: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof FormValues, string>>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [issued, setIssued] = useState<Certificate | null>(null);
  const [list, setList] = useState<{ rows: Certificate[]; next: string | null; error: string } | null>(null);
  const [revoking, setRevoking] = useState<Certificate | null>(null);
  const [notice, setNotice] = useState('');
  const result = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchOptions(controller.signal).then(
      (options) => {
        if (controller.signal.aborted) return;
        setLoaded({ status: 'ready', options });
        const first = options.list[0];
        if (first) setValues({ grzh: first.grzh, from: first.defaultFrom, to: first.defaultTo, yt: '' });
      },
      (error: unknown) => !controller.signal.aborted && setLoaded({ status: 'error', message: errorMessage(error, '账户信息加载失败，请稍后重试') }),
    );
    return () => controller.abort();
  }, []);

  const loadList = useCallback(async (after?: string | null) => {
    try {
      const page = await fetchCertificates(after);
      setList((old) => ({ rows: after && old ? [...old.rows, ...page.list] : page.list, next: page.next, error: '' }));
    } catch (error) {
      setList((old) => ({ rows: old?.rows ?? [], next: old?.next ?? null, error: errorMessage(error, '证明列表加载失败，请稍后重试') }));
    }
  }, []);
  useEffect(() => {
    void loadList();
  }, [loadList]);

  useEffect(() => {
    if (issued) result.current?.focus();
  }, [issued]);

  const options = loaded.status === 'ready' ? loaded.options : null;
  const account = options?.list.find((a) => a.grzh === values.grzh);

  const chooseAccount = (grzh: string) => {
    const a = options?.list.find((x) => x.grzh === grzh);
    // Another account: its own default period (its opening may be later).
    setValues((v) => ({ ...v, grzh, ...(a ? { from: a.defaultFrom, to: a.defaultTo } : {}) }));
    setErrors({});
  };

  const download = async (c: Pick<Certificate, 'zmbh'>) => {
    try {
      saveBlob(await downloadCertificate(c.zmbh), fileName(c.zmbh));
    } catch (error) {
      setNotice(errorMessage(error, '下载失败，请稍后重试'));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!options) return;
    const found = checkForm(values, account, options.maxPeriodMonths);
    setErrors(found);
    const first = (['grzh', 'from', 'to'] as const).find((f) => found[f]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    setFailure('');
    setIssued(null);
    try {
      const certificate = await createCertificate(values);
      setIssued(certificate);
      void loadList();
      await download(certificate);
    } catch (error) {
      setFailure(errorMessage(error, '生成失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async () => {
    const target = revoking;
    setRevoking(null);
    if (!target) return;
    try {
      const updated = await revokeCertificate(target.zmbh);
      setList((old) => old && { ...old, rows: old.rows.map((r) => (r.zmbh === updated.zmbh ? updated : r)) });
      if (issued?.zmbh === updated.zmbh) setIssued(updated);
      setNotice(`缴存证明 ${updated.zmbh} 已作废，核验时将显示“已作废”`);
    } catch (error) {
      setNotice(errorMessage(error, '作废失败，请稍后重试'));
    }
  };

  const columns = useMemo<TableColumn<Certificate>[]>(
    () => [
      { prop: 'zmbh', label: '证明编号', className: 'nowrap', rowHeader: true, disabled: true },
      { prop: 'grzh', label: '个人账号' },
      { prop: 'from', label: '缴存期间', text: (r) => `${r.from} 至 ${r.to}` },
      { prop: 'issuedAt', label: '出具日期', className: 'nowrap', text: (r) => r.issuedAt.slice(0, 10) },
      { prop: 'validUntil', label: '有效期至', className: 'nowrap' },
      { prop: 'code', label: '验证码', className: 'nowrap jczm-code' },
      {
        prop: 'zt',
        label: '状态',
        type: 'custom',
        text: (r) => r.ztmc,
        render: (r) => <span className={`status-tag${r.zt === '01' ? ' status-tag--done' : ''}`}>{r.ztmc}</span>,
      },
      {
        prop: 'actions',
        label: '操作',
        type: 'custom',
        text: () => '',
        render: (r) => (
          <span className="jczm-actions">
            <button type="button" className="btn" onClick={() => void download(r)} aria-label={`下载 ${r.zmbh}`}>
              下载
            </button>
            {r.zt === '01' && (
              <button type="button" className="btn jczm-danger" onClick={() => setRevoking(r)} aria-label={`作废 ${r.zmbh}`}>
                作废
              </button>
            )}
          </span>
        ),
      },
    ],
    [],
  );

  const field = (name: 'from' | 'to', label: string) => {
    const fieldId = `${id}-${name}`;
    const error = errors[name];
    return (
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={fieldId}>
          {label}
        </label>
        <input
          id={fieldId}
          className="field__input"
          type="month"
          name={name}
          value={values[name]}
          min={account?.minMonth}
          max={account?.maxMonth}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : `${id}-period-hint`}
          onChange={(e) => {
            const next = { ...values, [name]: e.target.value };
            setValues(next);
            if (errors[name]) setErrors(checkForm(next, account, options?.maxPeriodMonths ?? 36));
          }}
        />
        <p id={`${fieldId}-error`} className="field__error">
          {error}
        </p>
      </div>
    );
  };

  return (
    <section className="page jczm" aria-labelledby="jczm-title">
      <h1 id="jczm-title">缴存证明打印</h1>
      <p className="page__lead">
        出具住房公积金缴存证明（PDF）。证明载有验证码和二维码，房东、银行等可扫码或在“缴存证明核验”页面输入验证码核验真伪
        {options ? `；有效期 ${options.validMonths} 个月` : ''}，不再需要时可随时作废。
      </p>
      {loaded.status === 'loading' && <p role="status">正在加载账户信息…</p>}
      {loaded.status === 'error' && <p role="alert">{loaded.message}</p>}
      {options && options.list.length === 0 && <p role="status">您名下没有可出具缴存证明的账户。</p>}
      {options && options.list.length > 0 && (
        <form className="jczm-form" aria-label="出具缴存证明" noValidate onSubmit={(e) => void submit(e)}>
          <fieldset className="jczm-accounts">
            <legend className="field__label">缴存账户</legend>
            {options.list.map((a) => (
              <label key={a.grzh} className="jczm-account">
                <input type="radio" name="grzh" value={a.grzh} checked={values.grzh === a.grzh} onChange={() => chooseAccount(a.grzh)} />
                <strong>{a.grzh}</strong>
                <span className="jczm-account__meta">
                  {a.dwmc || '—'} · {a.grzhztmc} · {a.minMonth.replace('-', '年')}月开户
                </span>
              </label>
            ))}
          </fieldset>
          <div className="jczm-period">
            {field('from', '起始月份')}
            {field('to', '截止月份')}
            <div className="field">
              <label className="field__label" htmlFor={`${id}-yt`}>
                证明用途（可选）
              </label>
              <select id={`${id}-yt`} className="field__input" name="yt" value={values.yt} onChange={(e) => setValues({ ...values, yt: e.target.value })}>
                <option value="">不注明</option>
                {options.purposes.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p id={`${id}-period-hint`} className="field__hint">
            {account ? `可选 ${account.minMonth} 至 ${account.maxMonth}，最长 ${options.maxPeriodMonths} 个月` : ''}
            {values.from && values.to && monthCount(values.from, values.to) > 0 ? `；已选 ${monthCount(values.from, values.to)} 个月` : ''}
          </p>
          <div className="form-actions jczm-submit">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? '正在生成…' : '生成缴存证明'}
            </button>
          </div>
          <div role="alert" className="jczm-failure">
            {failure}
          </div>
        </form>
      )}
      {issued && (
        <div className="jczm-issued" tabIndex={-1} ref={result} role="status">
          <h2>缴存证明已生成</h2>
          <dl>
            <dt>证明编号</dt>
            <dd>{issued.zmbh}</dd>
            <dt>缴存期间</dt>
            <dd>{periodText(issued.from, issued.to)}</dd>
            <dt>验证码</dt>
            <dd className="jczm-code">{issued.code}</dd>
            <dt>有效期至</dt>
            <dd>{issued.validUntil}</dd>
          </dl>
          <p>
            <button type="button" className="btn btn--primary" onClick={() => void download(issued)}>
              再次下载 PDF
            </button>
          </p>
        </div>
      )}
      <h2 className="jczm-subtitle">我出具的缴存证明</h2>
      <p role="status" className="jczm-notice">
        {notice}
      </p>
      {list?.error && <p role="alert">{list.error}</p>}
      {list && (
        <DataTable
          caption={`我出具的缴存证明，共 ${list.rows.length}${list.next ? '+' : ''} 份`}
          columns={columns}
          rows={list.rows}
          rowKey={(r) => r.zmbh}
          className="jczm-table"
          emptyText="尚未出具缴存证明"
        />
      )}
      {list?.next && (
        <p>
          <button type="button" className="btn" onClick={() => void loadList(list.next)}>
            加载更多
          </button>
        </p>
      )}
      <Dialog
        title="作废缴存证明"
        open={!!revoking}
        alert
        onClose={() => setRevoking(null)}
        footer={
          <>
            <button type="button" className="btn" onClick={() => setRevoking(null)}>
              取消
            </button>
            <button type="button" className="btn jczm-danger" onClick={() => void revoke()}>
              确定作废
            </button>
          </>
        }
      >
        <p>作废后，证明 {revoking?.zmbh} 核验时将显示“已作废”，且不能恢复。确定作废吗？</p>
      </Dialog>
    </section>
  );
}
