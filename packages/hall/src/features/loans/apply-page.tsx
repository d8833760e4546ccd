import { useEffect, useState } from 'react';
import { errorMessage } from '@gjj-hall/sdk';
import { formatMoney, maskBankCard, toCapitalAmount } from '@gjj-hall/sdk/format';
import { SelectField, TextField } from '../../shared/wizard/fields';
import { Wizard, type StepContext, type WizardErrors, type WizardFormStep, type WizardValues } from '../../shared/wizard/wizard';
import { fetchBanks, fetchCurrentAccount, fetchMaximum, fetchProjects, type Bank, type Maximum, type MaximumQuery, type Project } from './api';
import { amountError, applyPayload, BLANK, GUARANTEES, HOME_ORDER, METHODS, preview, PROPERTY_KINDS, propertyErrors, repaymentErrors, TERMS } from './apply-form';
import './loans.css';

// 住房公积金贷款申请 (GD0101, menu /grwt/dkSys/dkyw/dksq; docs/api-loans.md): the wizard opens on the eligibility rows
// (a refusal names its reason); the property (an approved developer's project, or a resale home with its price); the
// term and method, then the most this applicant may borrow as the server computes it, each of the four limits with
// its figure and how it was reached, the one that binds marked; the first instalment previewed by the sdk's engine;
// the guarantee and the repayment card; the wizard's materials, check and submission. The centre decides.

const t = (v: WizardValues, f: string) => (v[f] ?? '').trim();
const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());

function queryOf(v: WizardValues, grzh: string, withAmount: boolean): MaximumQuery | undefined {
  const dkqx = Number(t(v, 'dkqx'));
  if (!grzh || !/^\d{1,12}(\.\d{1,2})?$/.test(t(v, 'fwzj')) || !dkqx) return undefined;
  const dkje = t(v, 'dkje');
  return {
    grzh,
    fwlx: v.fwlx === '02' ? '02' : '01',
    ...(v.fwlx !== '02' && t(v, 'xmbh') ? { xmbh: t(v, 'xmbh') } : {}),
    fwzj: t(v, 'fwzj'),
    sfecf: v.sfecf === '1' ? '1' : '0',
    dkqx,
    hkfs: v.hkfs === '02' ? '02' : '01',
    ...(withAmount && /^\d{1,12}(\.\d{1,2})?$/.test(dkje) ? { dkje } : {}),
  };
}

function PropertyStep({ values, errors, set, projects }: StepContext & { projects: Project[] | 'error' | null }) {
  const resale = values.fwlx === '02';
  const chosen = Array.isArray(projects) ? projects.find((p) => p.xmbh === values.xmbh) : undefined;
  return (
    <div className="wizard-form">
      <SelectField name="fwlx" label="房屋类型" value={values.fwlx ?? ''} error={errors.fwlx} onChange={set} options={PROPERTY_KINDS} empty="请选择" />
      {!resale && (
        <SelectField
          name="xmbh"
          label="合作楼盘"
          value={values.xmbh ?? ''}
          error={errors.xmbh}
          onChange={(name, value) => {
            set(name, value);
            const project = Array.isArray(projects) ? projects.find((p) => p.xmbh === value) : undefined;
            if (project && !t(values, 'fwdz')) set('fwdz', project.xmdz);
          }}
          options={Array.isArray(projects) ? projects.map((p) => [p.xmbh, `${p.xmmc}（${p.kfsmc}）`] as const) : []}
          empty={projects === null ? '正在加载楼盘…' : '请选择'}
          hint={
            projects === 'error'
              ? '合作楼盘暂时无法加载，请稍后重试'
              : chosen
                ? `预售许可证 ${chosen.ysxkzh}；参考价格 ${chosen.jgqj}；楼盘地址 ${chosen.xmdz}`
                : '中心审核通过、正在销售的合作楼盘'
          }
        />
      )}
      <TextField name="fwdz" label="房屋坐落" value={values.fwdz ?? ''} error={errors.fwdz} onChange={set} maxLength={200} hint={resale ? '与房屋权属证明一致' : '楼盘地址后请补充楼栋、单元和房号'} />
      <TextField name="fwmj" label="建筑面积（平方米）" value={values.fwmj ?? ''} error={errors.fwmj} onChange={set} maxLength={9} />
      <TextField
        name="fwzj"
        label="房屋总价（元）"
        value={values.fwzj ?? ''}
        error={errors.fwzj}
        onChange={set}
        maxLength={15}
        hint={resale ? '以买卖合同（网签）的成交价为准' : '以商品房买卖合同的总价为准'}
      />
      <SelectField name="sfecf" label="本次购买的是" value={values.sfecf ?? ''} error={errors.sfecf} onChange={set} options={HOME_ORDER} empty="请选择" />
    </div>
  );
}

/** The maximum explained: each limit with its figure and how it was reached, the binding one marked. */
function MaximumPanel({ max }: { max: Maximum | 'error' | 'loading' | null }) {
  if (max === null) return <p className="loan-max__hint">选择贷款期限和还款方式后，显示您的可贷额度及其计算。</p>;
  if (max === 'loading') return <p role="status">正在计算可贷额度…</p>;
  if (max === 'error') return <p role="alert">可贷额度暂时无法计算，请稍后重试</p>;
  return (
    <>
      {max.kbl ? (
        <p className="loan-max__ok">您符合申请条件，适用年利率 {max.dkll}%。</p>
      ) : (
        <p className="loan-max__refused" role="alert">
          暂不符合申请条件：{max.bkblyy}
        </p>
      )}
      <p className="loan-max__total">
        可贷额度 <strong>{formatMoney(max.kdje ?? '0')}</strong> 元
      </p>
      <table className="loan-max__table">
        <caption>可贷额度取以下四项中的最小者</caption>
        <thead>
          <tr>
            <th scope="col">限额</th>
            <th scope="col">金额（元）</th>
            <th scope="col">计算方法</th>
          </tr>
        </thead>
        <tbody>
          {(max.xz ?? []).map((l) => (
            <tr key={l.key} className={l.qzy ? 'loan-max__binding' : undefined}>
              <th scope="row">
                {l.mc}
                {l.qzy && <span className="loan-max__tag">起作用</span>}
              </th>
              <td className="num">{formatMoney(l.je ?? '0')}</td>
              <td>{l.sf}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The maximum of these figures, asked again when one that it reads changes (not the amount). */
function useMaximum(values: WizardValues, grzh: string): Maximum | 'error' | 'loading' | null {
  const query = queryOf(values, grzh, false);
  const key = JSON.stringify(query ?? null);
  const [answer, setAnswer] = useState<{ key: string; max: Maximum | 'error' }>({ key: '', max: 'error' });
  useEffect(() => {
    const asked: MaximumQuery | undefined = JSON.parse(key) as MaximumQuery | null ?? undefined;
    if (!asked) return;
    let live = true;
    fetchMaximum(asked).then(
      (m) => live && setAnswer({ key, max: m }),
      () => live && setAnswer({ key, max: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  if (!query) return null;
  return answer.key === key ? answer.max : 'loading';
}

function AmountStep({ values, errors, set, grzh }: StepContext & { grzh: string }) {
  const max = useMaximum(values, grzh);
  const rate = max && typeof max === 'object' ? max.dkll : '';
  const amount = t(values, 'dkje');
  const shown = preview(amount || (max && typeof max === 'object' ? (max.kdje ?? '') : ''), t(values, 'dkqx'), rate ?? '', values.hkfs ?? '01', today());
  const capital = amount && !amountError(amount, undefined) ? toCapitalAmount(amount) : '';
  return (
    <div className="wizard-form">
      <SelectField name="dkqx" label="贷款期限" value={values.dkqx ?? ''} error={errors.dkqx} onChange={set} options={TERMS} empty="请选择" hint="贷款到期时借款人年龄不超过中心规定的上限" />
      <SelectField name="hkfs" label="还款方式" value={values.hkfs ?? ''} error={errors.hkfs} onChange={set} options={METHODS} empty="请选择" />
      <section className="wizard__note loan-max" aria-label="可贷额度" aria-live="polite">
        <MaximumPanel max={max} />
      </section>
      <TextField
        name="dkje"
        label="申请贷款金额（元）"
        value={values.dkje ?? ''}
        error={errors.dkje}
        onChange={set}
        maxLength={15}
        hint={capital ? `大写：${capital}` : max && typeof max === 'object' ? `不超过可贷额度 ${formatMoney(max.kdje ?? '0')} 元` : '至多两位小数'}
      />
      {shown && (
        <p className="loan-preview" aria-live="polite">
          按{amount ? '申请金额' : '可贷额度'} {formatMoney(amount || (typeof max === 'object' && max ? (max.kdje ?? '0') : '0'))} 元试算：首期月还款额{' '}
          <strong>{formatMoney(shown.first)}</strong> 元，利息合计 {formatMoney(shown.interest)} 元，最后一期 {shown.last}。以放款后的还款计划为准。
        </p>
      )}
    </div>
  );
}

/** The page of the menu entry /grwt/dkSys/dkyw/dksq. */
export function LoanApplyPage() {
  const [grzh, setGrzh] = useState('');
  const [projects, setProjects] = useState<Project[] | 'error' | null>(null);
  const [banks, setBanks] = useState<Bank[]>([]);

  useEffect(() => {
    let live = true;
    fetchCurrentAccount().then(
      (zh) => live && setGrzh(zh),
      () => undefined,
    );
    fetchProjects().then(
      (list) => live && setProjects(list),
      () => live && setProjects('error'),
    );
    fetchBanks().then(
      (b) => live && setBanks(b),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const steps: WizardFormStep[] = [
    {
      title: '房屋信息',
      render: (ctx) => <PropertyStep {...ctx} projects={projects} />,
      validate: propertyErrors,
    },
    {
      title: '贷款额度',
      render: (ctx) => <AmountStep {...ctx} grzh={grzh} />,
      validate: async (v): Promise<WizardErrors> => {
        const e: WizardErrors = {};
        if (!t(v, 'dkqx')) e.dkqx = '请选择贷款期限';
        if (!t(v, 'hkfs')) e.hkfs = '请选择还款方式';
        const q = queryOf(v, grzh, true);
        if (!q) return { ...e, dkje: amountError(t(v, 'dkje'), undefined) };
        try {
          const m = await fetchMaximum(q);
          if (!m.kbl) e.dkqx = m.bkblyy ?? '暂不符合申请条件';
          const amount = amountError(t(v, 'dkje'), m.kdje);
          if (amount) e.dkje = amount;
        } catch (error) {
          e.dkje = errorMessage(error, '可贷额度暂时无法计算，请稍后重试');
        }
        return e;
      },
    },
    {
      title: '担保与还款账户',
      render: (ctx) => (
        <div className="wizard-form">
          <SelectField name="dbfs" label="担保方式" value={ctx.values.dbfs ?? ''} error={ctx.errors.dbfs} onChange={ctx.set} options={GUARANTEES} empty="请选择" />
          <SelectField
            name="hkyh"
            label="还款银行"
            value={ctx.values.hkyh ?? ''}
            error={ctx.errors.hkyh}
            onChange={ctx.set}
            options={banks.map((b) => [b.name, b.name] as const)}
            empty="请选择"
            hint="每月从此卡扣收月还款额"
          />
          <TextField
            name="hkzh"
            label="还款银行卡号"
            value={ctx.values.hkzh ?? ''}
            error={ctx.errors.hkzh}
            onChange={ctx.set}
            maxLength={23}
            inputMode="numeric"
            hint={t(ctx.values, 'hkzh').replace(/\s/g, '').length >= 12 ? `请核对：${maskBankCard(t(ctx.values, 'hkzh'))}` : '借款人本人名下的借记卡'}
          />
          <p className="wizard__note">
            配偶作为共同借款人的，其公积金余额和缴存基数可计入可贷额度，须配偶本人确认：网上申请暂只受理借款人一人，共同借款请到中心服务网点办理。
          </p>
        </div>
      ),
      validate: repaymentErrors,
    },
  ];

  const projectName = (v: WizardValues) => (Array.isArray(projects) ? projects.find((p) => p.xmbh === v.xmbh)?.xmmc : undefined) ?? '';
  return (
    <Wizard
      ywlx="GD0101"
      title="住房公积金贷款申请"
      formSteps={steps}
      initialValues={BLANK}
      toPayload={(v) => applyPayload(v, grzh)}
      checkRows={(v) => [
        { label: '房屋', value: `${v.fwlx === '02' ? '二手房' : `合作楼盘 ${projectName(v)}`}，${t(v, 'fwdz')}，${t(v, 'fwmj')} 平方米`, formStep: 0 },
        { label: '房屋总价', value: t(v, 'fwzj') ? `${formatMoney(t(v, 'fwzj'))} 元（${v.sfecf === '1' ? '第二套住房' : '首套住房'}）` : '', formStep: 0 },
        { label: '申请贷款金额', value: t(v, 'dkje') ? `${formatMoney(t(v, 'dkje'))} 元（${toCapitalAmount(t(v, 'dkje'))}）` : '', formStep: 1 },
        { label: '贷款期限与还款方式', value: `${Number(t(v, 'dkqx')) / 12} 年（${t(v, 'dkqx')} 个月），${v.hkfs === '02' ? '等额本金' : '等额本息'}`, formStep: 1 },
        { label: '担保方式', value: GUARANTEES.find(([c]) => c === v.dbfs)?.[1] ?? '', formStep: 2 },
        { label: '还款账户', value: `${t(v, 'hkyh')} ${t(v, 'hkzh') ? maskBankCard(t(v, 'hkzh')) : ''}`, formStep: 2 },
      ]}
      nextSteps={(r) => <p>中心将在承诺办结日期（{r.promisedDate ?? ''}）前审批，结果以短信通知您。审批通过后可在“贷款信息查询”查看贷款和还款计划。</p>}
    />
  );
}
