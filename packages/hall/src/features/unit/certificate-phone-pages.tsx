import { useId, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@gjj-hall/sdk';
import type { ApiData } from '@gjj-hall/sdk/api';
import { SelectField } from '../../shared/wizard/fields';
import { Wizard, type CheckRow, type WizardErrors, type WizardValues } from '../../shared/wizard/wizard';
import { client } from '../../shared/services';
import { saveBlob } from '../../shared/save-blob';
import { usePermission } from '../../shared/use-permission';
import { loadPage, useLoad } from './api';
import './unit.css';

/**
 * GJ0209 单位缴存证明开具 (/dwwt/jcyw/kjdwjc_zm) and GJ0311 批量修改职工手机号码 (/dwwt/zhxxbg/plxg_sjh), issue 34
 * (docs/api-unit-business.md). Both on the handling wizard; the server holds the rules (business/units/gj0209.ts,
 * gj0311.ts), the checks here are for comfort. Loaded with the unit pages' chunk (re-exported by unit-pages.tsx).
 */

const BASE = '/api/izfgjj-zhfw/v1';
const t = (v: WizardValues, f: string) => (v[f] ?? '').trim();
const month = (p: string | null | undefined) => (p ? `${p.slice(0, 4)} 年 ${Number(p.slice(4))} 月` : '—');

// ——— GJ0209 单位缴存证明 ———

/** What `GET dwjczm/facts` answers: the unit's facts now and why it cannot be issued ('' when it can). */
export type UnitCertificateFacts = ApiData<'/api/izfgjj-zhfw/v1/dwjczm/facts', 'get'>;
/** The unit's certificates (`GET dwjczm/list`). */
export type UnitCertificateList = ApiData<'/api/izfgjj-zhfw/v1/dwjczm/list', 'get'>;
type Issued = UnitCertificateList['list'][number];

/** The unit's facts the certificate will state, and the refusal when the server says it cannot be issued. */
export function UnitCertificateFactsView({ data }: { data: UnitCertificateFacts }) {
  return (
    <>
      {data.refusal ? (
        <p role="alert" className="unit-refusal">
          {data.refusal}
        </p>
      ) : null}
      <section className="unit-facts" aria-label="证明将载明的缴存情况">
        <dl>
          {(
            [
              ['单位名称', data.dwmc],
              ['单位账号', data.dwzh],
              ['账户状态', data.dwzhztmc],
              ['开户日期', data.khrq],
              ['职工人数', `${data.openEmployees} 人（正常缴存 ${data.payingEmployees} 人）`],
              ['缴存比例', `单位 ${Number(data.dwjcbl)}%，个人 ${Number(data.grjcbl)}%`],
              ['缴至年月', month(data.jzny)],
              ['月汇缴额', `${data.monthly} 元`],
              ['末次缴款', data.lastPeriod ? `${month(data.lastPeriod)}（${data.lastPaidOn ?? ''}）` : '—'],
              ['末次金额', `${data.lastAmount} 元`],
            ] as const
          ).map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}

function FactsStep({ values, set }: { values: WizardValues; set: (n: string, v: string) => void }) {
  const [state] = useLoad<UnitCertificateFacts>('dwjczm/facts', '单位缴存情况查询失败，请稍后重试');
  if (state.kind === 'loading') return <p role="status">正在查询单位缴存情况…</p>;
  if (state.kind === 'error') return <p role="alert">{state.message}</p>;
  return (
    <>
      <UnitCertificateFactsView data={state.data} />
      <SelectField
        name="yt"
        label="证明用途"
        value={values.yt ?? ''}
        onChange={set}
        options={state.data.purposes.map((p) => [p, p] as const)}
        empty="不注明"
        hint={`证明自出具之日起 ${state.data.validMonths} 个月内可核验`}
      />
    </>
  );
}

async function downloadCertificate(zmbh: string): Promise<void> {
  const blob = await client.raw('GET', `${BASE}/dwjczm/download?zmbh=${encodeURIComponent(zmbh)}`, { responseType: 'blob', silent: true });
  saveBlob(blob, `单位缴存证明_${zmbh}.pdf`);
}

/** A certificate's 下载 button, its message below it. */
function DownloadButton({ zmbh }: { zmbh: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  return (
    <>
      <button
        type="button"
        className="btn btn--primary"
        disabled={busy}
        aria-label={`下载 PDF：单位缴存证明 ${zmbh}`}
        onClick={async () => {
          setBusy(true);
          setError('');
          try {
            await downloadCertificate(zmbh);
          } catch (e) {
            setError(errorMessage(e, '下载失败，请稍后重试'));
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? '正在下载…' : '下载 PDF'}
      </button>
      {error ? <span role="alert">{error}</span> : null}
    </>
  );
}

/** The unit's certificates, newest first: number, issued, valid until, code, state; 下载 and 作废 for a valid one. */
export function UnitCertificateListView() {
  const [state, reload] = useLoad<UnitCertificateList>('dwjczm/list', '单位缴存证明查询失败，请稍后重试');
  const [more, setMore] = useState<{ list: Issued[]; next: string | null } | null>(null);
  const [message, setMessage] = useState('');
  const mayPrint = usePermission('/dwwt/jcyw/kjdwjc_zm', 'print');
  if (state.kind === 'loading') return <p role="status">正在查询已出具的证明…</p>;
  if (state.kind === 'error') return <p role="alert">{state.message}</p>;
  const list = [...state.data.list, ...(more?.list ?? [])];
  const next = more ? more.next : state.data.next;
  const revoke = async (zmbh: string) => {
    setMessage('');
    try {
      await client.post(`${BASE}/dwjczm/revoke`, { zmbh }, { silent: true });
      setMore(null);
      reload();
      setMessage(`证明 ${zmbh} 已作废`);
    } catch (e) {
      setMessage(errorMessage(e, '作废失败，请稍后重试'));
    }
  };
  return (
    <section className="unit-import" aria-labelledby="dwjczm-list-title">
      <h2 id="dwjczm-list-title">已出具的单位缴存证明</h2>
      {message ? <p role="status">{message}</p> : null}
      {list.length === 0 ? (
        <p>尚未出具单位缴存证明。</p>
      ) : (
        <div className="unit-scroll">
          <table className="unit-list">
            <caption>共 {list.length} 份{next ? '（还有更多）' : ''}</caption>
            <thead>
              <tr>
                <th scope="col">证明编号</th>
                <th scope="col">出具时间</th>
                <th scope="col">有效期至</th>
                <th scope="col">验证码</th>
                <th scope="col">状态</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {list.map((c) => (
                <tr key={c.zmbh}>
                  <td>{c.zmbh}</td>
                  <td>{c.issuedAt}</td>
                  <td>{c.validUntil}</td>
                  <td className="unit-code">{c.code}</td>
                  <td>{c.ztmc}</td>
                  <td>
                    {c.zt === '01' ? (
                      <div className="unit-row-actions">
                        <DownloadButton zmbh={c.zmbh} />
                        {mayPrint ? (
                          <button type="button" className="btn" aria-label={`作废：单位缴存证明 ${c.zmbh}`} onClick={() => void revoke(c.zmbh)}>
                            作废
                          </button>
                        ) : null}
                      </div>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next ? (
        <p>
          <button
            type="button"
            className="btn"
            onClick={async () => {
              const page = await loadPage<UnitCertificateList>(`dwjczm/list?after=${next}`);
              setMore((m) => ({ list: [...(m?.list ?? []), ...page.list], next: page.next }));
            }}
          >
            显示更多
          </button>
        </p>
      ) : null}
      <p className="hint">
        查验人可在 <Link to="/dwjczmVerify">单位缴存证明核验</Link> 页面输入验证码，或扫描证明上的二维码核验真伪。
      </p>
    </section>
  );
}

/** The certificate the submission issued (found by its business number), with its code and 下载. */
function IssuedNow({ ywbh }: { ywbh: string }) {
  const [state] = useLoad<UnitCertificateList>('dwjczm/list', '单位缴存证明查询失败，请稍后重试');
  if (state.kind === 'loading') return <p role="status">正在生成证明…</p>;
  if (state.kind === 'error') return <p role="alert">{state.message}</p>;
  const c = state.data.list.find((x) => x.ywbh === ywbh);
  if (!c) return <p>证明已出具，请在“已出具的单位缴存证明”中下载。</p>;
  return (
    <div>
      <p>
        单位缴存证明已出具，证明编号 {c.zmbh}，验证码 <span className="unit-code">{c.code}</span>，有效期至 {c.validUntil}。
      </p>
      <div className="unit-actions">
        <DownloadButton zmbh={c.zmbh} />
      </div>
    </div>
  );
}

/** GJ0209 单位缴存证明开具 (/dwwt/jcyw/kjdwjc_zm): issued at once; the list of issued ones below. */
export function KjdwjcZmPage() {
  return (
    <>
      <Wizard
        ywlx="GJ0209"
        title="单位缴存证明开具"
        submitPermission={{ path: '/dwwt/jcyw/kjdwjc_zm', button: 'print' }}
        formSteps={[
          {
            title: '核对缴存情况',
            render: ({ values, set }) => (
              <div className="wizard-form">
                <FactsStep values={values} set={set} />
              </div>
            ),
          },
        ]}
        initialValues={{ yt: '' }}
        toPayload={(v) => ({ yt: t(v, 'yt') })}
        checkRows={(v) => [{ label: '证明用途', value: t(v, 'yt') || '不注明', formStep: 0 }]}
        nextSteps={(r) => (r.zt === '03' ? <IssuedNow ywbh={r.ywbh} /> : <p>已提交，中心审核后以短信通知。</p>)}
      />
      <UnitCertificateListView />
    </>
  );
}

// ——— GJ0311 批量修改职工手机号码 ———

/** The employees with their contact phone masked (`GET dwyw/zgsjh`). */
export type PhoneList = ApiData<'/api/izfgjj-zhfw/v1/dwyw/zgsjh', 'get'>;
type PhoneRow = PhoneList['rows'][number];

/** The answers' field of an employee's new number, and of the name shown on 核对信息. */
const phoneField = (grzh: string) => `sj_${grzh}`;
const nameField = (grzh: string) => `xm_${grzh}`;
const MOBILE = /^1[3-9]\d{9}$/;

/** The rows typed: employee and new number, in account order. */
export function typedPhones(v: WizardValues): Array<{ grzh: string; sjhm: string; xingming: string }> {
  return Object.keys(v)
    .filter((k) => k.startsWith('sj_') && t(v, k))
    .map((k) => k.slice(3))
    .sort()
    .map((grzh) => ({ grzh, sjhm: t(v, phoneField(grzh)), xingming: t(v, nameField(grzh)) }));
}

/** Each typed number checked as the server does: 11 digits with a mobile prefix, not twice in the batch. */
export function validatePhones(v: WizardValues): WizardErrors {
  const typed = typedPhones(v);
  if (typed.length === 0) return { rows: '请至少填写一名职工的新手机号码' };
  const errors: WizardErrors = {};
  const seen = new Map<string, string>();
  for (const r of typed) {
    if (!MOBILE.test(r.sjhm)) errors[phoneField(r.grzh)] = '应为 11 位手机号码（以 13 至 19 开头）';
    else if (seen.has(r.sjhm)) errors[phoneField(r.grzh)] = `与${seen.get(r.sjhm)}的新号码重复`;
    else seen.set(r.sjhm, r.xingming || r.grzh);
  }
  return errors;
}

/** The employees' table: account, name, old number masked, and the new number to type. */
export function PhoneTable({ values, errors, set }: { values: WizardValues; errors: WizardErrors; set: (n: string, v: string) => void }) {
  const id = useId();
  const [state] = useLoad<PhoneList>('dwyw/zgsjh?limit=50', '职工名单查询失败，请稍后重试');
  const [more, setMore] = useState<{ rows: PhoneRow[]; next: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  if (state.kind === 'loading') return <p role="status">正在查询职工名单…</p>;
  if (state.kind === 'error') return <p role="alert">{state.message}</p>;
  const rows = [...state.data.rows, ...(more?.rows ?? [])];
  const next = more ? more.next : state.data.next;
  return (
    <>
      <p id={`${id}-hint`} className="hint">
        只填写要修改的职工；修改的是个人账户登记的联系手机号码，职工登录所用的手机号码由职工本人办理“手机号码变更”。
      </p>
      {errors.rows ? (
        <p role="alert" className="field__error">
          {errors.rows}
        </p>
      ) : null}
      <div className="unit-scroll">
        <table className="unit-list unit-phones">
          <caption>职工名单</caption>
          <thead>
            <tr>
              <th scope="col">个人账号</th>
              <th scope="col">姓名</th>
              <th scope="col">原手机号码</th>
              <th scope="col">新手机号码</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const field = phoneField(r.grzh);
              const error = errors[field];
              return (
                <tr key={r.grzh}>
                  <td>{r.grzh}</td>
                  <td>{r.xingming}</td>
                  <td>{r.sjhm || '未登记'}</td>
                  <td>
                    <input
                      className="field__input"
                      name={field}
                      value={values[field] ?? ''}
                      inputMode="numeric"
                      maxLength={11}
                      autoComplete="off"
                      aria-label={`${r.xingming}（${r.grzh}）的新手机号码`}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-${r.grzh}-error` : undefined}
                      onChange={(e) => {
                        set(field, e.target.value.replace(/\D/g, ''));
                        set(nameField(r.grzh), r.xingming);
                      }}
                    />
                    {error ? (
                      <p id={`${id}-${r.grzh}-error`} className="field__error">
                        {error}
                      </p>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {next ? (
        <p>
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                const page = await loadPage<PhoneList>(`dwyw/zgsjh?limit=50&after=${next}`);
                setMore((m) => ({ rows: [...(m?.rows ?? []), ...page.rows], next: page.next }));
              } finally {
                setBusy(false);
              }
            }}
          >
            {busy ? '正在加载…' : '显示更多职工'}
          </button>
        </p>
      ) : null}
    </>
  );
}

/** GJ0311 批量修改职工手机号码 (/dwwt/zhxxbg/plxg_sjh): completes at once. */
export function PlxgSjhPage() {
  return (
    <Wizard
      ywlx="GJ0311"
      title="批量修改职工手机号码"
      submitPermission={{ path: '/dwwt/zhxxbg/plxg_sjh', button: 'submit' }}
      formSteps={[
        {
          title: '填写新手机号码',
          render: ({ values, errors, set }) => (
            <div className="wizard-form">
              <PhoneTable values={values} errors={errors} set={set} />
            </div>
          ),
          validate: validatePhones,
        },
      ]}
      initialValues={{}}
      toPayload={(v) => ({ rows: typedPhones(v).map(({ grzh, sjhm }) => ({ grzh, sjhm })) })}
      checkRows={(v): CheckRow[] => typedPhones(v).map((r) => ({ label: `${r.xingming || '职工'}（${r.grzh}）`, value: r.sjhm, formStep: 0 }))}
      nextSteps={(r) => (r.zt === '03' ? <p>已修改职工个人账户登记的联系手机号码。职工登录所用的手机号码不变。</p> : <p>已提交，中心审核后以短信通知。</p>)}
    />
  );
}
