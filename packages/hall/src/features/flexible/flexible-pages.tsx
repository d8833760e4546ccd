import type { ReactNode } from 'react';
import { isEmail, isPostalCode } from '@gjj-hall/sdk/validate';
import { SelectField, TextField } from '../../shared/wizard/fields';
import { Wizard, type CheckRow, type WizardErrors, type WizardFormStep, type WizardValues } from '../../shared/wizard/wizard';
import { monthlyYuan } from './amount';
import { flexibleParams, useFlexibleInfo, type FlexibleInfo } from './api';
import './flexible.css';

/**
 * The flexible-employment pages (灵活就业, spec 2.4 GJ0801–GJ0815; menu paths under /grwt/zhxx/lhjyryyw/), each on
 * the handling wizard. The server's modules (packages/server/src/business/flexible/) hold the rules; the checks here
 * are for comfort, with the server's bounds (lhjy/info) where the page knows them.
 */

// The centre's bounds as lhjy/info last answered them (the server's parameter table; the defaults until then).
const BOUNDS = flexibleParams;

const t = (v: WizardValues, f: string) => (v[f] ?? '').trim();
const errorsOf = (checks: Array<[string, boolean, string]>): WizardErrors =>
  Object.fromEntries(checks.filter(([, bad]) => bad).map(([f, , msg]) => [f, msg]));
const period = (p: string) => `${p.slice(0, 4)} 年 ${Number(p.slice(4))} 月`;

const ratios = (): ReadonlyArray<readonly [string, string]> =>
  Array.from({ length: Math.max(BOUNDS.ratioMax - BOUNDS.ratioMin + 1, 0) }, (_, i) => {
    const r = String(BOUNDS.ratioMin + i);
    return [r, `${r}%`] as const;
  });

const BANKS: ReadonlyArray<readonly [string, string]> = ['中国工商银行', '中国农业银行', '中国银行', '中国建设银行', '交通银行', '中国邮政储蓄银行', '招商银行'].map(
  (b) => [b, b] as const,
);

function Facts({ title, info }: { title: string; info: FlexibleInfo }) {
  const rows: Array<[string, ReactNode]> = [
    ['个人账号', info.grzh],
    ['账户状态', info.grzhztmc],
    ['月缴存基数', `${info.jcjs} 元`],
    ['缴存比例', `${info.jcbl}%`],
    ['月缴存额', `${info.yjce} 元`],
    [
      '扣款账户',
      info.kkzh ? (
        <>
          {info.kkyh} <span className="flex-facts__card">{info.kkzh}</span>
        </>
      ) : (
        '未登记'
      ),
    ],
  ];
  return (
    <section className="flex-facts" aria-label={title}>
      <h3 className="flex-facts__title">{title}</h3>
      <dl>
        {rows.map(([k, v]) => (
          <div key={k} className={k === '扣款账户' ? 'flex-facts__wide' : undefined}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The session account's flexible account, read when shown. */
export function AccountFacts({ title = '当前账户' }: { title?: string }) {
  const state = useFlexibleInfo();
  if (state.kind === 'loading') return <p role="status">正在查询账户信息…</p>;
  if (state.kind === 'error') return <p role="alert">{state.message}</p>;
  if (!state.info) return <p role="alert">当前账户不是灵活就业缴存账户，请先通过“切换账户”切换到灵活就业账户。</p>;
  return <Facts title={title} info={state.info} />;
}

const baseChecks = (v: WizardValues): WizardErrors =>
  errorsOf([
    ['jcjs', !/^(0|[1-9]\d{0,6})(\.\d{1,2})?$/.test(t(v, 'jcjs')), '请输入月缴存基数，至多两位小数'],
    [
      'jcjs',
      /^\d+(\.\d{1,2})?$/.test(t(v, 'jcjs')) && (Number(t(v, 'jcjs')) < BOUNDS.baseMinYuan || Number(t(v, 'jcjs')) > BOUNDS.baseMaxYuan),
      `月缴存基数须在 ${BOUNDS.baseMinYuan} 至 ${BOUNDS.baseMaxYuan} 元之间`,
    ],
    ['jcbl', !t(v, 'jcbl'), '请选择缴存比例'],
  ]);

function BaseFields({ values, errors, set }: { values: WizardValues; errors: WizardErrors; set: (n: string, v: string) => void }) {
  const amount = monthlyYuan(t(values, 'jcjs'), t(values, 'jcbl'), BOUNDS.roundingFen);
  return (
    <>
      <TextField
        name="jcjs"
        label="月缴存基数（元）"
        value={values.jcjs ?? ''}
        error={errors.jcjs}
        onChange={set}
        maxLength={10}
        inputMode="numeric"
        hint={`${BOUNDS.baseMinYuan} 至 ${BOUNDS.baseMaxYuan} 元`}
      />
      <SelectField name="jcbl" label="缴存比例" value={values.jcbl ?? ''} error={errors.jcbl} onChange={set} options={ratios()} empty="请选择" hint="单位部分和个人部分相同" />
      <p className="flex-total" role="status">
        {amount ? `月缴存额：${amount} 元（单位部分和个人部分各 ${(Number(amount) / 2).toFixed(2)} 元）` : ''}
      </p>
    </>
  );
}

const bankFields = (values: WizardValues, errors: WizardErrors, set: (n: string, v: string) => void) => (
  <>
    <SelectField name="kkyh" label="扣款银行" value={values.kkyh ?? ''} error={errors.kkyh} onChange={set} options={BANKS} empty="请选择" />
    <TextField
      name="kkzh"
      label="扣款账号"
      value={values.kkzh ?? ''}
      error={errors.kkzh}
      onChange={(n, v) => set(n, v.replace(/\D/g, ''))}
      maxLength={19}
      inputMode="numeric"
      autoComplete="off"
      hint="本人名下的银行借记卡，12 至 19 位数字"
    />
  </>
);
const bankChecks = (v: WizardValues) =>
  errorsOf([
    ['kkyh', !t(v, 'kkyh'), '请选择扣款银行'],
    ['kkzh', !/^\d{12,19}$/.test(t(v, 'kkzh')), '扣款账号应为 12 至 19 位数字'],
  ]);

const rows = (pairs: Array<[string, string, number]>): CheckRow[] => pairs.filter(([, v]) => v).map(([label, value, formStep]) => ({ label, value, formStep }));
const pick = (v: WizardValues, fields: readonly string[]) => Object.fromEntries(fields.filter((f) => t(v, f)).map((f) => [f, t(v, f)]));

/** What follows a business that may complete at once: the account as it now is, or when the centre will say. */
const accountAfter = (title: string) => (r: { zt: string }) =>
  r.zt === '03' ? <AccountFacts title={title} /> : <p>中心审核后，结果以短信通知您。</p>;

// GJ0804 月缴存额调整
const yjceSteps: WizardFormStep[] = [
  {
    title: '调整月缴存额',
    render: ({ values, errors, set }) => (
      <div className="wizard-form">
        <AccountFacts />
        <BaseFields values={values} errors={errors} set={set} />
      </div>
    ),
    validate: baseChecks,
  },
];
const basePayload = (v: WizardValues) => ({ jcjs: t(v, 'jcjs'), jcbl: Number(t(v, 'jcbl')) });
const baseRows = (v: WizardValues) =>
  rows([
    ['月缴存基数', t(v, 'jcjs') && `${t(v, 'jcjs')} 元`, 0],
    ['缴存比例', t(v, 'jcbl') && `${t(v, 'jcbl')}%`, 0],
    ['月缴存额', monthlyYuan(t(v, 'jcjs'), t(v, 'jcbl'), BOUNDS.roundingFen) && `${monthlyYuan(t(v, 'jcjs'), t(v, 'jcbl'), BOUNDS.roundingFen)} 元`, 0],
  ]);

/** GJ0804 月缴存额调整 (/grwt/zhxx/lhjyryyw/yjce_tz): completes at once; the confirmation shows the account after it. */
export function YjceTzPage() {
  return (
    <Wizard
      ywlx="GJ0804"
      title="月缴存额调整"
      formSteps={yjceSteps}
      initialValues={{ jcjs: '', jcbl: '' }}
      toPayload={basePayload}
      checkRows={baseRows}
      nextSteps={accountAfter('调整后的账户')}
    />
  );
}

// GJ0805 扣款账户变更
const kkzhSteps: WizardFormStep[] = [
  {
    title: '新的扣款账户',
    render: ({ values, errors, set }) => (
      <div className="wizard-form">
        <AccountFacts />
        {bankFields(values, errors, set)}
      </div>
    ),
    validate: bankChecks,
  },
];

/** GJ0805 扣款账户变更 (/grwt/zhxx/lhjyryyw/kkzh_bg). */
export function KkzhBgPage() {
  return (
    <Wizard
      ywlx="GJ0805"
      title="扣款账户变更"
      formSteps={kkzhSteps}
      initialValues={{ kkyh: '', kkzh: '' }}
      toPayload={(v) => ({ kkyh: t(v, 'kkyh'), kkzh: t(v, 'kkzh') })}
      checkRows={(v) => rows([['扣款银行', t(v, 'kkyh'), 0], ['扣款账号', t(v, 'kkzh'), 0]])}
    />
  );
}

// GJ0810 封存
const SEAL_REASONS: ReadonlyArray<readonly [string, string]> = [
  ['01', '暂停缴存（收入中断等）'],
  ['02', '已在单位就业并缴存'],
  ['09', '其他原因'],
];
const sealSteps: WizardFormStep[] = [
  {
    title: '封存原因',
    render: ({ values, errors, set }) => (
      <div className="wizard-form">
        <AccountFacts />
        <p className="wizard__note">封存后停止按月扣款，账户余额继续计息；需要恢复缴存时办理“灵活就业人员账户启封”。</p>
        <SelectField name="fcyy" label="封存原因" value={values.fcyy ?? ''} error={errors.fcyy} onChange={set} options={SEAL_REASONS} empty="请选择" />
        <TextField name="sm" label="原因说明" value={values.sm ?? ''} error={errors.sm} onChange={set} maxLength={200} hint="封存原因为“其他原因”时必填" />
      </div>
    ),
    validate: (v) =>
      errorsOf([
        ['fcyy', !t(v, 'fcyy'), '请选择封存原因'],
        ['sm', t(v, 'fcyy') === '09' && !t(v, 'sm'), '封存原因为“其他原因”的，请填写原因说明'],
      ]),
  },
];

/** GJ0810 灵活就业人员账户封存 (/grwt/zhxx/lhjyryyw/lhjy_fc). */
export function LhjyFcPage() {
  return (
    <Wizard
      ywlx="GJ0810"
      title="灵活就业人员账户封存"
      formSteps={sealSteps}
      initialValues={{ fcyy: '', sm: '' }}
      toPayload={(v) => pick(v, ['fcyy', 'sm'])}
      checkRows={(v) => rows([['封存原因', SEAL_REASONS.find(([k]) => k === t(v, 'fcyy'))?.[1] ?? '', 0], ['原因说明', t(v, 'sm'), 0]])}
      nextSteps={accountAfter('封存后的账户')}
    />
  );
}

// GJ0809 启封
const unsealSteps: WizardFormStep[] = [
  {
    title: '确认启封',
    render: ({ values, errors, set }) => (
      <div className="wizard-form">
        <AccountFacts />
        <p className="wizard__note">启封后自下月起按上表的月缴存额从扣款账户扣缴。如需调整，启封后可办理“月缴存额调整”。</p>
        <TextField name="sm" label="备注（可不填）" value={values.sm ?? ''} error={errors.sm} onChange={set} maxLength={200} />
      </div>
    ),
  },
];

/** GJ0809 灵活就业人员账户启封 (/grwt/zhxx/lhjyryyw/lhjy_qf). */
export function LhjyQfPage() {
  return (
    <Wizard
      ywlx="GJ0809"
      title="灵活就业人员账户启封"
      formSteps={unsealSteps}
      initialValues={{ sm: '' }}
      toPayload={(v) => pick(v, ['sm'])}
      checkRows={(v) => rows([['办理事项', '恢复按月缴存', 0], ['备注', t(v, 'sm'), 0]])}
      nextSteps={accountAfter('启封后的账户')}
    />
  );
}

// GJ0815 补缴
const monthsOf = (v: WizardValues) => t(v, 'months').split(',').filter(Boolean);

function MonthPicker({ values, errors, set }: { values: WizardValues; errors: WizardErrors; set: (n: string, v: string) => void }) {
  const state = useFlexibleInfo();
  const chosen = new Set(monthsOf(values));
  if (state.kind === 'loading') return <p role="status">正在查询可补缴的月份…</p>;
  if (state.kind === 'error') return <p role="alert">{state.message}</p>;
  const info = state.info;
  if (!info) return <p role="alert">当前账户不是灵活就业缴存账户，请先通过“切换账户”切换到灵活就业账户。</p>;
  const toggle = (p: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(p);
    else next.delete(p);
    set('months', [...next].sort().join(','));
  };
  const total = (Number(info.yjce) * chosen.size).toFixed(2);
  return (
    <>
      <Facts title="当前账户" info={info} />
      {info.unpaid.length === 0 ? (
        <p role="status">您最近 24 个月内没有需要补缴的月份。</p>
      ) : (
        <fieldset className="flex-months" aria-describedby={errors.months ? 'flex-months-error' : undefined}>
          <legend>补缴月份（一次至多 {info.params?.backPayMaxMonths ?? BOUNDS.backPayMaxMonths} 个月）</legend>
          <ul className="flex-months__list">
            {info.unpaid.map((u) => (
              <li key={u.period} className="flex-months__item">
                <label>
                  <input type="checkbox" name="months" value={u.period} checked={chosen.has(u.period)} onChange={(e) => toggle(u.period, e.target.checked)} />
                  {period(u.period)}（{u.amount} 元）
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <p id="flex-months-error" className="field__error">
        {errors.months}
      </p>
      <p className="flex-total" role="status">
        {chosen.size > 0 ? `补缴 ${chosen.size} 个月，合计 ${total} 元，提交后从扣款账户扣划` : ''}
      </p>
    </>
  );
}

const backPaySteps: WizardFormStep[] = [
  {
    title: '选择补缴月份',
    render: (ctx) => (
      <div className="wizard-form">
        <MonthPicker {...ctx} />
      </div>
    ),
    validate: (v) =>
      errorsOf([
        ['months', monthsOf(v).length === 0, '请选择要补缴的月份'],
        ['months', monthsOf(v).length > BOUNDS.backPayMaxMonths, `一次至多补缴 ${BOUNDS.backPayMaxMonths} 个月，请分次办理`],
      ]),
  },
];

/** GJ0815 灵活就业人员补缴 (/grwt/zhxx/lhjyryyw/lhjyry_ybj): posts a 补缴 per month at once. */
export function LhjyryYbjPage() {
  return (
    <Wizard
      ywlx="GJ0815"
      title="灵活就业人员补缴"
      formSteps={backPaySteps}
      initialValues={{ months: '' }}
      toPayload={(v) => ({ months: monthsOf(v) })}
      checkRows={(v) => rows([['补缴月份', monthsOf(v).map(period).join('、'), 0]])}
      nextSteps={(r) => (r.zt === '03' ? <RecentPayments /> : <p>中心核实扣款后，结果以短信通知您。</p>)}
    />
  );
}

/** The newest payments of the account (汇缴 and 补缴), after a 补缴. */
function RecentPayments() {
  const state = useFlexibleInfo();
  if (state.kind !== 'ready' || !state.info) return <p role="status">正在查询缴存记录…</p>;
  return (
    <table className="flex-payments">
      <caption>最近缴存记录</caption>
      <thead>
        <tr>
          <th scope="col">缴存月份</th>
          <th scope="col">类型</th>
          <th scope="col">金额（元）</th>
          <th scope="col">记账日期</th>
        </tr>
      </thead>
      <tbody>
        {state.info.payments.slice(0, 6).map((p) => (
          <tr key={`${p.ywbh}-${p.period}`}>
            <td>{p.period ? period(p.period) : '—'}</td>
            <td>{p.kindName}</td>
            <td className="num">{p.amount}</td>
            <td>{p.valueDate}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// GJ0814 财政补贴申请
const SUBSIDY_KINDS: ReadonlyArray<readonly [string, string]> = [
  ['01', '就业困难人员'],
  ['02', '毕业五年内的高校毕业生'],
  ['03', '退役军人'],
];
const thisYear = () => new Date().getFullYear();
const subsidySteps: WizardFormStep[] = [
  {
    title: '补贴信息',
    render: ({ values, errors, set }) => (
      <div className="wizard-form">
        <AccountFacts />
        <SelectField name="nd" label="补贴年度" value={values.nd ?? ''} error={errors.nd} onChange={set} options={[thisYear(), thisYear() - 1].map((y) => [String(y), `${y} 年`] as const)} empty="请选择" />
        <SelectField name="btlb" label="补贴类别" value={values.btlb ?? ''} error={errors.btlb} onChange={set} options={SUBSIDY_KINDS} empty="请选择" hint="下一步将按类别列出需上传的证明材料" />
      </div>
    ),
    validate: (v) =>
      errorsOf([
        ['nd', !t(v, 'nd'), '请选择补贴年度'],
        ['btlb', !t(v, 'btlb'), '请选择补贴类别'],
      ]),
  },
];

/** GJ0814 灵活就业人员财政补贴申请 (/grwt/zhxx/lhjyryyw/dzzbys_czbtsq): the centre decides. */
export function CzbtsqPage() {
  return (
    <Wizard
      ywlx="GJ0814"
      title="灵活就业人员财政补贴申请"
      formSteps={subsidySteps}
      initialValues={{ nd: '', btlb: '' }}
      toPayload={(v) => ({ ...(t(v, 'nd') ? { nd: Number(t(v, 'nd')) } : {}), ...(t(v, 'btlb') ? { btlb: t(v, 'btlb') } : {}) })}
      checkRows={(v) => rows([['补贴年度', t(v, 'nd') && `${t(v, 'nd')} 年`, 0], ['补贴类别', SUBSIDY_KINDS.find(([k]) => k === t(v, 'btlb'))?.[1] ?? '', 0]])}
    />
  );
}

// GJ0802 信息变更
const MARITAL: ReadonlyArray<readonly [string, string]> = [
  ['10', '未婚'],
  ['20', '已婚'],
  ['30', '丧偶'],
  ['40', '离婚'],
  ['90', '未说明'],
];
const EDUCATION: ReadonlyArray<readonly [string, string]> = ['博士研究生', '硕士研究生', '大学本科', '大学专科', '中等专科', '高中', '初中及以下'].map((x) => [x, x] as const);
const INFO_FIELDS = ['txdz', 'yzbm', 'dzyx', 'hyzk', 'zy', 'xl', 'hjszd'] as const;
const INFO_LABELS: Record<(typeof INFO_FIELDS)[number], string> = {
  txdz: '通讯地址',
  yzbm: '邮政编码',
  dzyx: '电子邮箱',
  hyzk: '婚姻状况',
  zy: '职业',
  xl: '学历',
  hjszd: '户籍所在地',
};
const infoSteps: WizardFormStep[] = [
  {
    title: '联系信息',
    render: ({ values, errors, set }) => (
      <div className="wizard-form">
        <p className="wizard__note">只填写需要变更的项目，不变更的请留空。变更姓名、证件号码的，请本人携带身份证件到中心柜台办理。</p>
        <TextField name="txdz" label="通讯地址" value={values.txdz ?? ''} error={errors.txdz} onChange={set} maxLength={100} autoComplete="street-address" />
        <TextField name="yzbm" label="邮政编码" value={values.yzbm ?? ''} error={errors.yzbm} onChange={set} maxLength={6} inputMode="numeric" autoComplete="postal-code" />
        <TextField name="dzyx" label="电子邮箱" value={values.dzyx ?? ''} error={errors.dzyx} onChange={set} maxLength={60} inputMode="email" autoComplete="email" />
      </div>
    ),
    validate: (v) =>
      errorsOf([
        ['txdz', t(v, 'txdz') !== '' && t(v, 'txdz').length < 5, '通讯地址应为 5 至 100 个字'],
        ['yzbm', t(v, 'yzbm') !== '' && !isPostalCode(t(v, 'yzbm')), '请输入正确的邮政编码'],
        ['dzyx', t(v, 'dzyx') !== '' && !isEmail(t(v, 'dzyx')), '请输入正确的邮箱格式'],
      ]),
  },
  {
    title: '个人情况',
    render: ({ values, errors, set }) => (
      <div className="wizard-form">
        <SelectField name="hyzk" label="婚姻状况" value={values.hyzk ?? ''} error={errors.hyzk} onChange={set} options={MARITAL} />
        <TextField name="zy" label="职业" value={values.zy ?? ''} error={errors.zy} onChange={set} maxLength={30} />
        <SelectField name="xl" label="学历" value={values.xl ?? ''} error={errors.xl} onChange={set} options={EDUCATION} />
        <TextField name="hjszd" label="户籍所在地" value={values.hjszd ?? ''} error={errors.hjszd} onChange={set} maxLength={30} hint="变更户籍所在地须上传户口簿，由中心审核" />
      </div>
    ),
    validate: (v) => errorsOf([['hjszd', t(v, 'hjszd') !== '' && t(v, 'hjszd').length < 2, '户籍所在地应为 2 至 30 个字']]),
  },
];

/** GJ0802 灵活就业人员信息变更 (/grwt/zhxx/lhjyryyw/lhjyryxxbg, the flexible role's information change of spec 2.2). */
export function LhjyryXxbgPage() {
  return (
    <Wizard
      ywlx="GJ0802"
      title="灵活就业人员信息变更"
      formSteps={infoSteps}
      initialValues={Object.fromEntries(INFO_FIELDS.map((f) => [f, '']))}
      toPayload={(v) => pick(v, INFO_FIELDS)}
      checkRows={(v) => {
        const out = rows(INFO_FIELDS.map((f) => [INFO_LABELS[f], f === 'hyzk' ? (MARITAL.find(([k]) => k === t(v, f))?.[1] ?? '') : t(v, f), ['txdz', 'yzbm', 'dzyx'].includes(f) ? 0 : 1]));
        return out.length > 0 ? out : [{ label: '变更内容', value: '（尚未填写）', formStep: 0 }];
      }}
      validateAll={(v) => (Object.keys(pick(v, INFO_FIELDS)).length === 0 ? '请至少填写一项要变更的信息' : '')}
    />
  );
}

// GJ0803 转移
const transferSteps: WizardFormStep[] = [
  {
    title: '转入账户',
    render: ({ values, errors, set }) => (
      <div className="wizard-form">
        <AccountFacts />
        <p className="wizard__note">转移后灵活就业账户销户，余额（含截至办结日的利息）转入您在缴存单位的个人账户。请先确认单位已为您设立个人账户。</p>
        <TextField name="zrgrzh" label="转入个人账号" value={values.zrgrzh ?? ''} error={errors.zrgrzh} onChange={(n, v) => set(n, v.replace(/\D/g, ''))} maxLength={12} inputMode="numeric" hint="您在新单位的 12 位个人公积金账号" />
        <TextField name="sm" label="备注（可不填）" value={values.sm ?? ''} error={errors.sm} onChange={set} maxLength={200} />
      </div>
    ),
    validate: (v) => errorsOf([['zrgrzh', !/^\d{12}$/.test(t(v, 'zrgrzh')), '转入个人账号应为 12 位数字']]),
  },
];

/** GJ0803 灵活就业人员账户转移 (/grwt/zhxx/lhjyryyw/lhjyry_zy): into the person's own unit account; the centre decides. */
export function LhjyryZyPage() {
  return (
    <Wizard
      ywlx="GJ0803"
      title="灵活就业人员账户转移"
      formSteps={transferSteps}
      initialValues={{ zrgrzh: '', sm: '' }}
      toPayload={(v) => pick(v, ['zrgrzh', 'sm'])}
      checkRows={(v) => rows([['转入个人账号', t(v, 'zrgrzh'), 0], ['备注', t(v, 'sm'), 0]])}
    />
  );
}

// GJ0801 开户
const openSteps: WizardFormStep[] = [
  {
    title: '缴存信息',
    render: ({ values, errors, set }) => (
      <div className="wizard-form">
        <BaseFields values={values} errors={errors} set={set} />
        <TextField name="hjszd" label="户籍所在地" value={values.hjszd ?? ''} error={errors.hjszd} onChange={set} maxLength={30} />
      </div>
    ),
    validate: (v) => ({ ...baseChecks(v), ...errorsOf([['hjszd', t(v, 'hjszd').length < 2, '请输入户籍所在地']]) }),
  },
  {
    title: '扣款账户',
    render: ({ values, errors, set }) => <div className="wizard-form">{bankFields(values, errors, set)}</div>,
    validate: bankChecks,
  },
];

/** GJ0801 灵活就业人员开户 (/grwt/zhxx/lhjyryyw/lhjyrykh): the signed-in way; the centre opens the account. */
export function LhjyryKhPage() {
  return (
    <Wizard
      ywlx="GJ0801"
      title="灵活就业人员开户"
      formSteps={openSteps}
      initialValues={{ jcjs: '', jcbl: '', hjszd: '', kkyh: '', kkzh: '' }}
      toPayload={(v) => ({ ...basePayload(v), hjszd: t(v, 'hjszd'), kkyh: t(v, 'kkyh'), kkzh: t(v, 'kkzh') })}
      checkRows={(v) => [...baseRows(v), ...rows([['户籍所在地', t(v, 'hjszd'), 0], ['扣款银行', t(v, 'kkyh'), 1], ['扣款账号', t(v, 'kkzh'), 1]])]}
    />
  );
}
