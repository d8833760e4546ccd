import { useId, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '@gjj-hall/sdk';
import { SelectField, TextField } from '../../shared/wizard/fields';
import { Wizard, type CheckRow, type WizardErrors, type WizardFormStep, type WizardValues } from '../../shared/wizard/wizard';
import { Dialog } from '../../shared/ui/dialog';
import { stores } from '../../shared/services';
import { usePageTitle } from '../../shared/use-page-title';
import { usePermission } from '../../shared/use-permission';
import {
  checkImportFile,
  confirmStatement,
  importTemplate,
  loadPage,
  UNIT_PARAMS_URL,
  useLoad,
  type BackpayList,
  type Employee,
  type ImportCheck,
  type InterestStatement,
  type RemittanceList,
  type UnitParams,
} from './api';
import { submitApplication } from '../../shared/wizard/api';
import { saveBlob } from '../../shared/save-blob';
import './unit.css';

// 单位缴存证明 (GJ0209) and 批量修改职工手机号码 (GJ0311): in this chunk, as the other unit pages.
export { KjdwjcZmPage, PlxgSjhPage } from './certificate-phone-pages';

/**
 * The unit's pages (issue 34; spec 2.4 employer area; docs/api-unit-business.md): 单位汇缴 (GJ0201), 个人账户设立
 * (GJ0301), 个人账户封存 (GJ0305) on the handling wizard, and the interest statement (/dwwt/cxyw/dwlxd_cx). The server's
 * modules (packages/server/src/business/units/) hold the rules; the checks here are for comfort.
 */

/**
 * The centre's bounds as the server publishes them (dwyw/zgcx's params, the parameter table in force), once a field
 * that shows them has read them; until then the page leaves the bound to the server, which checks it anyway.
 */
const bounds: { current?: UnitParams } = {};

const t = (v: WizardValues, f: string) => (v[f] ?? '').trim();
const errorsOf = (checks: Array<[string, boolean, string]>): WizardErrors => Object.fromEntries(checks.filter(([, bad]) => bad).map(([f, , msg]) => [f, msg]));
const rows = (pairs: Array<[string, string, number]>): CheckRow[] => pairs.filter(([, v]) => v).map(([label, value, formStep]) => ({ label, value, formStep }));
const month = (p: string | null) => (p ? `${p.slice(0, 4)} 年 ${Number(p.slice(4))} 月` : '—');

function Facts({ label, items }: { label: string; items: Array<[string, ReactNode]> }) {
  return (
    <section className="unit-facts" aria-label={label}>
      <dl>
        {items.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

// ——— GJ0201 单位汇缴 ———

function RemittanceStep({ set }: { set: (n: string, v: string) => void }) {
  const [state] = useLoad<RemittanceList>('dwyw/hjqd?limit=50', '汇缴清单查询失败，请稍后重试', (list) => {
    set('hjny', list.hjny);
    set('rs', String(list.rs));
    set('hjje', list.hjje);
  });
  const [extra, setExtra] = useState<{ rows: RemittanceList['rows']; next: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  if (state.kind === 'loading') return <p role="status">正在生成本月汇缴清单…</p>;
  if (state.kind === 'error') return <p role="alert">{state.message}</p>;
  const list = state.data;
  const lines = [...list.rows, ...(extra?.rows ?? [])];
  const next = extra ? extra.next : list.next;
  const showMore = async () => {
    if (!next) return;
    setBusy(true);
    try {
      const page = await loadPage<RemittanceList>(`dwyw/hjqd?limit=50&after=${next}`);
      setExtra((e) => ({ rows: [...(e?.rows ?? []), ...page.rows], next: page.next }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Facts
        label="汇缴信息"
        items={[
          ['单位名称', list.dwmc],
          ['缴至年月', month(list.jzny)],
          ['汇缴年月', month(list.hjny)],
          ['汇缴人数', `${list.rs} 人`],
          ['单位部分', `${list.dwje} 元`],
          ['个人部分', `${list.grje} 元`],
          ['汇缴金额', `${list.hjje} 元`],
          ['人员变化', `新增 ${list.xzrs} 人，变更 ${list.bgrs} 人，减少 ${list.jsrs} 人`],
        ]}
      />
      <div className="unit-scroll">
        <table className="unit-list">
          <caption>汇缴清单（共 {list.rs} 人）</caption>
          <thead>
            <tr>
              <th scope="col">个人账号</th>
              <th scope="col">姓名</th>
              <th scope="col" className="num">缴存基数（元）</th>
              <th scope="col" className="num">单位月缴存额</th>
              <th scope="col" className="num">个人月缴存额</th>
              <th scope="col" className="num">月缴存额（元）</th>
              <th scope="col">变化</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((r) => (
              <tr key={r.grzh}>
                <td>{r.grzh}</td>
                <td>{r.xingming}</td>
                <td className="num">{r.jcjs}</td>
                <td className="num">{r.dwyje}</td>
                <td className="num">{r.gryje}</td>
                <td className="num">{r.yjce}</td>
                <td>{r.bz}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {next ? (
        <p>
          <button type="button" className="btn" onClick={showMore} disabled={busy}>
            {busy ? '正在加载…' : '显示更多'}
          </button>
        </p>
      ) : null}
    </>
  );
}

const remittanceSteps: WizardFormStep[] = [
  {
    title: '核对汇缴清单',
    render: ({ set }) => (
      <div className="wizard-form">
        <RemittanceStep set={set} />
      </div>
    ),
    validate: (v) => errorsOf([['hjny', !t(v, 'hjny'), '汇缴清单尚未生成，请稍后重试']]),
  },
];

/** GJ0201 单位汇缴 (/dwwt/jcyw/dw_huij): accepted at once, credited when the payment arrives. */
export function DwHuijPage() {
  return (
    <Wizard
      ywlx="GJ0201"
      title="单位汇缴"
      submitPermission={{ path: '/dwwt/jcyw/dw_huij', button: 'submit' }}
      formSteps={remittanceSteps}
      initialValues={{ hjny: '', rs: '', hjje: '' }}
      toPayload={(v) => ({ hjny: t(v, 'hjny'), rs: Number(t(v, 'rs')), hjje: t(v, 'hjje') })}
      checkRows={(v) => rows([['汇缴年月', month(t(v, 'hjny')), 0], ['汇缴人数', `${t(v, 'rs')} 人`, 0], ['汇缴金额', `${t(v, 'hjje')} 元`, 0]])}
      nextSteps={(r) =>
        r.zt === '03' ? <p>汇缴款已到账，已记入职工个人账户。</p> : <p>汇缴已受理。请按受理通知足额缴款，银行到账后即记入每位职工的个人账户。</p>
      }
    />
  );
}

// ——— GJ0202 单位补缴 ———

function BackpayStep({ values, set }: { values: WizardValues; set: (n: string, v: string) => void }) {
  // The month chosen (bjny) reloads the list; before any choice the server answers the oldest missed month.
  const chosen = t(values, 'bjny');
  const [state] = useLoad<BackpayList>(`dwyw/bjqd?limit=50${chosen ? `&bjny=${chosen}` : ''}`, '补缴清单查询失败，请稍后重试', (list) => {
    set('bjny', list.bjny ?? '');
    set('rs', String(list.rs));
    set('bjje', list.bjje);
  });
  if (state.kind === 'loading') return <p role="status">正在生成补缴清单…</p>;
  if (state.kind === 'error') return <p role="alert">{state.message}</p>;
  const list = state.data;
  if (list.months.length === 0 && list.rs === 0) return <p role="status">本单位职工没有漏缴的月份，无需补缴。</p>;
  const options: Array<readonly [string, string]> = list.months.map((m) => [m.ny, `${month(m.ny)}（${m.rs} 人）`]);
  if (list.bjny && !options.some(([v]) => v === list.bjny)) options.push([list.bjny, month(list.bjny)]);
  return (
    <>
      <SelectField
        name="bjny"
        label="补缴年月"
        value={list.bjny ?? ''}
        onChange={(n, v) => set(n, v)}
        options={options}
        empty="请选择"
        hint="职工最早漏缴的月份；每名职工须按月份顺序补缴"
      />
      <Facts
        label="补缴信息"
        items={[
          ['单位名称', list.dwmc],
          ['缴至年月', month(list.jzny)],
          ['补缴年月', month(list.bjny)],
          ['补缴人数', `${list.rs} 人`],
          ['单位部分', `${list.dwje} 元`],
          ['个人部分', `${list.grje} 元`],
          ['补缴金额', `${list.bjje} 元`],
        ]}
      />
      <div className="unit-scroll">
        <table className="unit-list">
          <caption>补缴清单（共 {list.rs} 人）</caption>
          <thead>
            <tr>
              <th scope="col">个人账号</th>
              <th scope="col">姓名</th>
              <th scope="col" className="num">缴存基数（元）</th>
              <th scope="col" className="num">单位部分</th>
              <th scope="col" className="num">个人部分</th>
              <th scope="col" className="num">补缴金额（元）</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((r) => (
              <tr key={r.grzh}>
                <td>{r.grzh}</td>
                <td>{r.xingming}</td>
                <td className="num">{r.jcjs}</td>
                <td className="num">{r.dwyje}</td>
                <td className="num">{r.gryje}</td>
                <td className="num">{r.yjce}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.next ? <p className="hint">清单较长，此处显示前 {list.rows.length} 人；人数和金额为全部职工的合计。</p> : null}
    </>
  );
}

const backpaySteps: WizardFormStep[] = [
  {
    title: '核对补缴清单',
    render: ({ values, set }) => (
      <div className="wizard-form">
        <BackpayStep values={values} set={set} />
      </div>
    ),
    validate: (v) => errorsOf([['bjny', !t(v, 'bjny') || t(v, 'rs') === '0', '没有需要补缴的职工']]),
  },
];

/** GJ0202 单位补缴 (/dwwt/jcyw/dw_bj): one past month for the employees who missed it; credited when the money arrives. */
export function DwBjPage() {
  return (
    <Wizard
      ywlx="GJ0202"
      title="单位补缴"
      submitPermission={{ path: '/dwwt/jcyw/dw_bj', button: 'submit' }}
      formSteps={backpaySteps}
      initialValues={{ bjny: '', rs: '', bjje: '' }}
      toPayload={(v) => ({ bjny: t(v, 'bjny'), rs: Number(t(v, 'rs')), bjje: t(v, 'bjje') })}
      checkRows={(v) => rows([['补缴年月', month(t(v, 'bjny')), 0], ['补缴人数', `${t(v, 'rs')} 人`, 0], ['补缴金额', `${t(v, 'bjje')} 元`, 0]])}
      nextSteps={(r) =>
        r.zt === '03' ? <p>补缴款已到账，已记入职工个人账户。</p> : <p>补缴已受理。请按受理通知足额缴款，银行到账后即记入每位职工的个人账户。</p>
      }
    />
  );
}

// ——— GJ0205 降低缴存比例, GJ0206 单位缓缴 (the centre decides) ———

const RATIO_OPTIONS: ReadonlyArray<readonly [string, string]> = Array.from({ length: 12 }, (_, i) => [String(i + 1), `${i + 1}%`] as const);

const reliefReason = (label: string) => (ctx: { values: WizardValues; errors: WizardErrors; set: (n: string, v: string) => void }, name: string) => (
  <TextField name={name} label={label} value={ctx.values[name] ?? ''} error={ctx.errors[name]} onChange={ctx.set} maxLength={500} hint="4 至 500 个字：经营困难的情况和职工代表大会（工会）讨论的结果" />
);

const reduceSteps: WizardFormStep[] = [
  {
    title: '降低后的比例',
    render: (ctx) => (
      <div className="wizard-form">
        <SelectField name="dwjcbl" label="单位缴存比例" value={ctx.values.dwjcbl ?? ''} error={ctx.errors.dwjcbl} onChange={ctx.set} options={RATIO_OPTIONS} empty="请选择" hint="不高于现行比例，不低于中心规定的下限" />
        <SelectField name="grjcbl" label="个人缴存比例" value={ctx.values.grjcbl ?? ''} error={ctx.errors.grjcbl} onChange={ctx.set} options={RATIO_OPTIONS} empty="请选择" />
        {reliefReason('降低原因')(ctx, 'jdyy')}
      </div>
    ),
    validate: (v) =>
      errorsOf([
        ['dwjcbl', !t(v, 'dwjcbl'), '请选择单位缴存比例'],
        ['grjcbl', !t(v, 'grjcbl'), '请选择个人缴存比例'],
        ['jdyy', t(v, 'jdyy').length < 4, '降低原因应为 4 至 500 个字'],
      ]),
  },
];

/** GJ0205 降低缴存比例 (/dwwt/jcyw/jd_bl): the centre approves on the resolution and the statements. */
export function JdBlPage() {
  return (
    <Wizard
      ywlx="GJ0205"
      title="降低缴存比例"
      submitPermission={{ path: '/dwwt/jcyw/jd_bl', button: 'submit' }}
      formSteps={reduceSteps}
      initialValues={{ dwjcbl: '', grjcbl: '', jdyy: '' }}
      toPayload={(v) => ({ dwjcbl: Number(t(v, 'dwjcbl')), grjcbl: Number(t(v, 'grjcbl')), jdyy: t(v, 'jdyy') })}
      checkRows={(v) => rows([['单位缴存比例', t(v, 'dwjcbl') && `${t(v, 'dwjcbl')}%`, 0], ['个人缴存比例', t(v, 'grjcbl') && `${t(v, 'grjcbl')}%`, 0], ['降低原因', t(v, 'jdyy'), 0]])}
      nextSteps={() => <p>中心审批后，结果以短信通知您；批准后自下一次汇缴起按新比例计算。</p>}
    />
  );
}

/** The months a deferral may end in: from its start, a year of them (the server holds the centre's limit). */
function deferEndOptions(qsny: string): Array<readonly [string, string]> {
  if (!/^\d{6}$/.test(qsny)) return [];
  const out: Array<readonly [string, string]> = [];
  let m = qsny;
  for (let i = 0; i < 12; i++) {
    out.push([m, month(m)]);
    m = nextYm(m);
  }
  return out;
}
const nextYm = (p: string) => (p.slice(4) === '12' ? `${Number(p.slice(0, 4)) + 1}01` : `${p.slice(0, 4)}${String(Number(p.slice(4)) + 1).padStart(2, '0')}`);

function DeferStart({ set, values }: { values: WizardValues; set: (n: string, v: string) => void }) {
  // The deferral starts with the month due: the remittance list's 汇缴年月.
  const [state] = useLoad<RemittanceList>('dwyw/hjqd?limit=1', '应缴年月查询失败，请稍后重试', (list) => set('qsny', list.hjny));
  if (state.kind === 'loading') return <p role="status">正在查询应缴年月…</p>;
  if (state.kind === 'error') return <p role="alert">{state.message}</p>;
  return <Facts label="缓缴起始" items={[['缴至年月', month(state.data.jzny)], ['缓缴起始年月', month(t(values, 'qsny') || state.data.hjny)]]} />;
}

const deferSteps: WizardFormStep[] = [
  {
    title: '缓缴期限',
    render: (ctx) => (
      <div className="wizard-form">
        <DeferStart values={ctx.values} set={ctx.set} />
        <SelectField name="zzny" label="缓缴终止年月" value={ctx.values.zzny ?? ''} error={ctx.errors.zzny} onChange={ctx.set} options={deferEndOptions(t(ctx.values, 'qsny'))} empty="请选择" hint="起止月份都计入缓缴期限" />
        {reliefReason('缓缴原因')(ctx, 'hjyy')}
      </div>
    ),
    validate: (v) =>
      errorsOf([
        ['zzny', !t(v, 'zzny'), '请选择缓缴终止年月'],
        ['hjyy', t(v, 'hjyy').length < 4, '缓缴原因应为 4 至 500 个字'],
      ]),
  },
];

/** GJ0206 单位缓缴 (/dwwt/jcyw/dw_huanj): the centre approves; the unit is then 缓缴. */
export function DwHuanjPage() {
  return (
    <Wizard
      ywlx="GJ0206"
      title="单位缓缴"
      submitPermission={{ path: '/dwwt/jcyw/dw_huanj', button: 'submit' }}
      formSteps={deferSteps}
      initialValues={{ qsny: '', zzny: '', hjyy: '' }}
      toPayload={(v) => ({ qsny: t(v, 'qsny'), zzny: t(v, 'zzny'), hjyy: t(v, 'hjyy') })}
      checkRows={(v) => rows([['缓缴起始年月', month(t(v, 'qsny')), 0], ['缓缴终止年月', t(v, 'zzny') && month(t(v, 'zzny')), 0], ['缓缴原因', t(v, 'hjyy'), 0]])}
      nextSteps={() => <p>中心审批后，结果以短信通知您；缓缴期满后请恢复汇缴并补缴缓缴期间的住房公积金。</p>}
    />
  );
}

// ——— GJ0301 个人账户设立 ———

/** The base field, its hint naming the centre's bounds in force (read through the employee list's `params`). */
function BaseField({ values, errors, set }: { values: WizardValues; errors: WizardErrors; set: (n: string, v: string) => void }) {
  const [state] = useLoad<{ params: UnitParams }>(UNIT_PARAMS_URL, '中心参数查询失败', (data) => {
    bounds.current = data.params;
  });
  const p = state.kind === 'ready' ? state.data.params : bounds.current;
  return (
    <TextField
      name="jcjs"
      label="月缴存基数（元）"
      value={values.jcjs ?? ''}
      error={errors.jcjs}
      onChange={set}
      maxLength={10}
      inputMode="numeric"
      hint={p ? `${p.baseMinYuan} 至 ${p.baseMaxYuan} 元；缴存比例按单位的比例` : '缴存比例按单位的比例'}
    />
  );
}

const openSteps: WizardFormStep[] = [
  {
    title: '职工信息',
    render: ({ values, errors, set }) => (
      <div className="wizard-form">
        <TextField name="xingming" label="姓名" value={values.xingming ?? ''} error={errors.xingming} onChange={set} maxLength={30} autoComplete="off" />
        <TextField name="zjhm" label="身份证号码" value={values.zjhm ?? ''} error={errors.zjhm} onChange={(n, v) => set(n, v.toUpperCase())} maxLength={18} autoComplete="off" />
        <TextField name="sjhm" label="手机号码" value={values.sjhm ?? ''} error={errors.sjhm} onChange={(n, v) => set(n, v.replace(/\D/g, ''))} maxLength={11} inputMode="numeric" autoComplete="off" />
        <BaseField values={values} errors={errors} set={set} />
      </div>
    ),
    validate: (v) =>
      errorsOf([
        ['xingming', t(v, 'xingming').length < 2, '请输入职工姓名'],
        ['zjhm', !/^\d{17}[\dX]$/.test(t(v, 'zjhm')), '身份证号码应为 18 位'],
        ['sjhm', !/^1[3-9]\d{9}$/.test(t(v, 'sjhm')), '手机号码应为 11 位'],
        ['jcjs', !/^(0|[1-9]\d{0,6})(\.\d{1,2})?$/.test(t(v, 'jcjs')), '请输入月缴存基数，至多两位小数'],
        [
          'jcjs',
          bounds.current !== undefined &&
            /^\d+(\.\d{1,2})?$/.test(t(v, 'jcjs')) &&
            (Number(t(v, 'jcjs')) < bounds.current.baseMinYuan || Number(t(v, 'jcjs')) > bounds.current.baseMaxYuan),
          `月缴存基数须在 ${bounds.current?.baseMinYuan} 至 ${bounds.current?.baseMaxYuan} 元之间`,
        ],
      ]),
  },
];

type ImportMode = 'all' | 'good-only';

/**
 * 批量导入 (GJ0301 by file; docs/api-unit-business.md › 批量导入): the template, a file checked row by row by the server
 * (refused rows named with their row number and reason), the clerk's choice of 全部导入 or 仅导入正确行, and one
 * submission: the server opens the accounts in one transaction, or none.
 */
function EmployeeImport() {
  const fileId = useId();
  const modeName = useId();
  const input = useRef<HTMLInputElement>(null);
  const [checked, setChecked] = useState<ImportCheck | null>(null);
  const [mode, setMode] = useState<ImportMode>('all');
  const [busy, setBusy] = useState<'' | 'template' | 'check' | 'submit'>('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  const downloadTemplate = async () => {
    setBusy('template');
    setError('');
    try {
      saveBlob(await importTemplate(), '职工批量导入模板.xlsx');
    } catch (e) {
      setError(errorMessage(e, '模板下载失败，请稍后重试'));
    } finally {
      setBusy('');
    }
  };
  const checkFile = async (file: File | undefined) => {
    setChecked(null);
    setDone('');
    setError('');
    if (!file) return;
    setBusy('check');
    try {
      const answer = await checkImportFile(file);
      setChecked(answer);
      setMode(answer.bad > 0 && answer.good > 0 ? 'good-only' : 'all');
    } catch (e) {
      setError(errorMessage(e, '文件检查失败，请稍后重试'));
    } finally {
      setBusy('');
    }
  };
  const submit = async () => {
    if (!checked) return;
    setBusy('submit');
    setError('');
    try {
      const rows = checked.rows.map(({ row, zjhm, xingming, sjhm, jcjs }) => ({ row, zjhm, xingming, sjhm, jcjs }));
      const answer = await submitApplication('GJ0301', { rows, mode });
      const count = mode === 'all' ? checked.total : checked.good;
      setDone(answer.zt === '03' ? `已为 ${count} 名职工设立个人账户（业务编号 ${answer.ywbh}），自下一次汇缴起列入汇缴清单。` : `已提交（业务编号 ${answer.ywbh}），中心审核后以短信通知。`);
      setChecked(null);
      if (input.current) input.current.value = '';
    } catch (e) {
      setError(errorMessage(e, '导入失败，请稍后重试'));
    } finally {
      setBusy('');
    }
  };
  const refused = checked?.rows.filter((r) => !r.ok) ?? [];
  const nothingToImport = !checked || (mode === 'all' ? checked.bad > 0 : checked.good === 0);
  return (
    <section className="unit-import" aria-labelledby={`${fileId}-title`}>
      <h2 id={`${fileId}-title`}>批量导入</h2>
      <p>按模板填写职工的身份证号码、姓名、手机号码和月缴存基数，上传后逐行检查，再选择导入方式提交。</p>
      <div className="unit-actions">
        <button type="button" className="btn" onClick={() => void downloadTemplate()} disabled={busy !== ''}>
          {busy === 'template' ? '正在下载…' : '下载模板'}
        </button>
      </div>
      <div className="field">
        <label htmlFor={fileId}>选择导入文件（Excel .xlsx）</label>
        <input
          ref={input}
          id={fileId}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-describedby={`${fileId}-hint`}
          disabled={busy !== ''}
          onChange={(e) => void checkFile(e.currentTarget.files?.[0])}
        />
        <p id={`${fileId}-hint`} className="hint">
          选择文件后即检查，不会设立账户。
        </p>
      </div>
      {busy === 'check' ? <p role="status">正在检查文件…</p> : null}
      {error ? <p role="alert">{error}</p> : null}
      {done ? <p role="status">{done}</p> : null}
      {checked ? (
        <>
          <p role="status">
            共 {checked.total} 行：符合条件 {checked.good} 行，不符合 {checked.bad} 行。
          </p>
          {refused.length > 0 ? (
            <div className="unit-scroll">
              <table className="unit-list">
                <caption>不符合条件的行（共 {refused.length} 行）</caption>
                <thead>
                  <tr>
                    <th scope="col">行号</th>
                    <th scope="col">姓名</th>
                    <th scope="col">身份证号码</th>
                    <th scope="col">原因</th>
                  </tr>
                </thead>
                <tbody>
                  {refused.map((r) => (
                    <tr key={r.row}>
                      <td>第 {r.row} 行</td>
                      <td>{r.xingming}</td>
                      <td>{r.zjhm}</td>
                      <td>{r.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <fieldset className="unit-mode">
            <legend>导入方式</legend>
            <label>
              <input type="radio" name={modeName} value="all" checked={mode === 'all'} onChange={() => setMode('all')} />
              全部导入（有不符合条件的行时，全部不导入）
            </label>
            <label>
              <input type="radio" name={modeName} value="good-only" checked={mode === 'good-only'} onChange={() => setMode('good-only')} />
              仅导入正确行（{checked.good} 行）
            </label>
          </fieldset>
          {mode === 'all' && checked.bad > 0 ? <p className="hint">有 {checked.bad} 行不符合条件：请修改文件后重新选择，或选择“仅导入正确行”。</p> : null}
          <div className="unit-actions">
            <button type="button" className="btn btn--primary" onClick={() => void submit()} disabled={busy !== '' || nothingToImport}>
              {busy === 'submit' ? '正在导入…' : '提交导入'}
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}

/** GJ0301 个人账户设立 (/dwwt/jcyw/grzh_sl): opens one account at once on the wizard, or many from a file (批量导入). */
export function GrzhSlPage() {
  // 批量导入 is the page's 导入 button (spec 5.5, 6): without it the section is not drawn, and the server refuses the
  // template, the check and the bulk form.
  const canImport = usePermission('/dwwt/jcyw/grzh_sl', 'import');
  return (
    <>
      <GrzhSlWizard />
      {canImport ? <EmployeeImport /> : null}
    </>
  );
}

function GrzhSlWizard() {
  return (
    <Wizard
      ywlx="GJ0301"
      title="个人账户设立"
      submitPermission={{ path: '/dwwt/jcyw/grzh_sl', button: 'add' }}
      formSteps={openSteps}
      initialValues={{ xingming: '', zjhm: '', sjhm: '', jcjs: '' }}
      toPayload={(v) => ({ xingming: t(v, 'xingming'), zjhm: t(v, 'zjhm'), sjhm: t(v, 'sjhm'), jcjs: t(v, 'jcjs') })}
      checkRows={(v) =>
        rows([
          ['姓名', t(v, 'xingming'), 0],
          ['身份证号码', t(v, 'zjhm'), 0],
          ['手机号码', t(v, 'sjhm'), 0],
          ['月缴存基数', t(v, 'jcjs') && `${t(v, 'jcjs')} 元`, 0],
        ])
      }
      nextSteps={(r) => (r.zt === '03' ? <p>个人账户已设立，自下一次汇缴起列入汇缴清单。</p> : <p>中心审核后，结果以短信通知您。</p>)}
    />
  );
}

// ——— GJ0305 个人账户封存 ———

const SEAL_REASONS: ReadonlyArray<readonly [string, string]> = [
  ['01', '离职'],
  ['02', '退休'],
  ['03', '出国定居'],
  ['04', '死亡'],
  ['05', '停薪留职'],
  ['99', '其他'],
];

function EmployeeSelect({ values, errors, set }: { values: WizardValues; errors: WizardErrors; set: (n: string, v: string) => void }) {
  const [state] = useLoad<{ rows: Employee[] }>('dwyw/zgcx?grzhzt=01&limit=200', '职工查询失败，请稍后重试');
  if (state.kind === 'loading') return <p role="status">正在查询本单位职工…</p>;
  if (state.kind === 'error') return <p role="alert">{state.message}</p>;
  const options = state.data.rows.map((e) => [e.grzh, `${e.xingming}（${e.grzh}）`] as const);
  return <SelectField name="grzh" label="职工" value={values.grzh ?? ''} error={errors.grzh} onChange={set} options={options} empty="请选择" hint="账户状态正常的职工" />;
}

const sealSteps: WizardFormStep[] = [
  {
    title: '选择职工',
    render: (ctx) => (
      <div className="wizard-form">
        <EmployeeSelect {...ctx} />
        <SelectField name="fcyy" label="封存原因" value={ctx.values.fcyy ?? ''} error={ctx.errors.fcyy} onChange={ctx.set} options={SEAL_REASONS} empty="请选择" />
      </div>
    ),
    validate: (v) =>
      errorsOf([
        ['grzh', !t(v, 'grzh'), '请选择职工'],
        ['fcyy', !t(v, 'fcyy'), '请选择封存原因'],
      ]),
  },
];

/** GJ0305 个人账户封存 (/dwwt/jcyw/grzh_fc): seals at once. */
export function GrzhFcPage() {
  return (
    <Wizard
      ywlx="GJ0305"
      title="个人账户封存"
      submitPermission={{ path: '/dwwt/jcyw/grzh_fc', button: 'submit' }}
      formSteps={sealSteps}
      initialValues={{ grzh: '', fcyy: '' }}
      toPayload={(v) => ({ grzh: t(v, 'grzh'), fcyy: t(v, 'fcyy') })}
      checkRows={(v) => rows([['个人账号', t(v, 'grzh'), 0], ['封存原因', SEAL_REASONS.find(([k]) => k === t(v, 'fcyy'))?.[1] ?? '', 0]])}
      nextSteps={(r) => (r.zt === '03' ? <p>个人账户已封存，自下一次汇缴起不再列入汇缴清单。</p> : <p>中心审核后，结果以短信通知您。</p>)}
    />
  );
}

// ——— 单位结息对账单 ———

/** /dwwt/cxyw/dwlxd_cx: this year's interest statement, confirmed by the clerk (spec 4.3, 4.13). */
export function DwlxdPage() {
  usePageTitle('单位利息单查询');
  const canConfirm = usePermission('/dwwt/cxyw/dwlxd_cx', 'confirm');
  const canPrint = usePermission('/dwwt/cxyw/dwlxd_cx', 'print');
  const [state, reload] = useLoad<InterestStatement>('dwlxd/cx?limit=50', '利息单查询失败，请稍后重试');
  const [extra, setExtra] = useState<{ rows: InterestStatement['rows']; next: string | null } | null>(null);
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  if (state.kind === 'loading') return <p className="page" role="status">正在查询利息单…</p>;
  if (state.kind === 'error') return <p className="page" role="alert">{state.message}</p>;
  const s = state.data;
  const next = extra ? extra.next : s.next;
  const confirm = async () => {
    setAsking(false);
    setBusy(true);
    setMessage('');
    try {
      await confirmStatement(s.nd);
      setMessage('利息单已确认');
      setExtra(null);
      reload();
    } catch (error) {
      setMessage(errorMessage(error, '确认失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };
  // Spec 4.13: ask once more only when the spTip setting is on.
  const onConfirm = () => (stores.config.configValue('spTip') === '1' ? setAsking(true) : void confirm());
  const showMore = async () => {
    if (!next) return;
    const page = await loadPage<InterestStatement>(`dwlxd/cx?limit=50&nd=${s.nd}&after=${next}`);
    setExtra((e) => ({ rows: [...(e?.rows ?? []), ...page.rows], next: page.next }));
  };
  return (
    <section className="page" aria-labelledby="dwlxd-title">
      <h1 id="dwlxd-title">单位利息单查询</h1>
      <h2>{s.nd} 年度单位结息对账单</h2>
      <Facts
        label="对账单信息"
        items={[
          ['单位名称', s.dwmc],
          ['单位账号', s.dwzh],
          ['结息日', s.jxrq],
          ['结息人数', `${s.rs} 人`],
          ['利息合计', `${s.lxhj} 元`],
          ['确认状态', s.confirmed ? `已确认（${s.qrsj ?? ''}）` : '未确认'],
        ]}
      />
      <div className="unit-scroll">
        <table className="unit-list">
          <caption>职工结息明细</caption>
          <thead>
            <tr>
              <th scope="col">个人账号</th>
              <th scope="col">姓名</th>
              <th scope="col" className="num">结息金额（元）</th>
            </tr>
          </thead>
          <tbody>
            {[...s.rows, ...(extra?.rows ?? [])].map((r) => (
              <tr key={r.grzh}>
                <td>{r.grzh}</td>
                <td>{r.xingming}</td>
                <td className="num">{r.lx}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p role="status">{message}</p>
      <div className="unit-actions">
        {next ? (
          <button type="button" className="btn" onClick={() => void showMore()}>
            显示更多
          </button>
        ) : null}
        {s.confirmed || !canConfirm ? null : (
          <button type="button" className="btn btn--primary" onClick={onConfirm} disabled={busy}>
            {busy ? '正在确认…' : '确认利息单'}
          </button>
        )}
        {canPrint ? (
          <button type="button" className="btn" onClick={() => window.print()}>
            打印
          </button>
        ) : null}
      </div>
      <Dialog
        title="温馨提示"
        open={asking}
        alert
        onClose={() => setAsking(false)}
        footer={
          <>
            <button type="button" className="btn" onClick={() => setAsking(false)}>
              取消
            </button>
            <button type="button" className="btn btn--primary" onClick={() => void confirm()}>
              确定
            </button>
          </>
        }
      >
        <p>您确定通过吗？</p>
      </Dialog>
    </section>
  );
}
