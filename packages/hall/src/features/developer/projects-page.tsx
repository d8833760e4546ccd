import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { errorMessage } from '@gjj-hall/sdk';
import { usePageTitle } from '../../shared/use-page-title';
import { usePermission } from '../../shared/use-permission';
import { useKeysetPaged } from '../../shared/use-keyset-paged';
import { KeysetPager } from '../../shared/ui/keyset-pager';
import { DataTable, ExportButtons, type TableColumn } from '../../shared/table';
import { SelectField, TextField } from '../../shared/wizard/fields';
import { Wizard, type StepContext, type WizardFormStep, type WizardValues } from '../../shared/wizard/wizard';
import { fetchBankNames, fetchProject, fetchProjects, PROJECT_EXPORT, type ProjectPage, type ProjectRow } from './api';
import { GUARANTEE_CHOICES, priceErrors, PROJECT_BLANK, projectErrors, projectPayload, splitList, valuesOf } from './project-form';
import './developer.css';

/** The page's path: its buttons (export) are keyed on it (spec 5.5, 6). */
export const PROJECTS_PATH = '/kfswt/cx_yw/xx_cx/lpxx_cx';

const t = (v: WizardValues, f: string) => (v[f] ?? '').trim();

function FactsStep({ values, errors, set }: StepContext) {
  return (
    <div className="wizard-form">
      <TextField name="xmmc" label="楼盘名称" value={values.xmmc ?? ''} error={errors.xmmc} onChange={set} maxLength={60} hint="与预售许可证上的项目名称一致" />
      <TextField name="qy" label="所在区域" value={values.qy ?? ''} error={errors.qy} onChange={set} maxLength={20} hint="如：高新区、历下区" />
      <TextField name="xmdz" label="楼盘地址" value={values.xmdz ?? ''} error={errors.xmdz} onChange={set} maxLength={200} />
      <TextField name="ysxkzh" label="预售许可证号" value={values.ysxkzh ?? ''} error={errors.ysxkzh} onChange={set} maxLength={1300} hint="有多个的，用顿号（、）或逗号分隔" />
      <TextField name="lds" label="楼栋" value={values.lds ?? ''} error={errors.lds} onChange={set} maxLength={2200} hint="取得预售许可的楼栋，用顿号（、）或逗号分隔，如：1号楼、2号楼" />
      <TextField name="zts" label="总套数" value={values.zts ?? ''} error={errors.zts} onChange={set} maxLength={6} inputMode="numeric" />
      <TextField name="kpsj" label="开盘时间" value={values.kpsj ?? ''} error={errors.kpsj} onChange={set} maxLength={10} hint="格式 YYYY-MM-DD，如 2026-12-20" />
    </div>
  );
}

function PriceStep({ values, errors, set, banks }: StepContext & { banks: string[] }) {
  const bankOptions = [...new Set([...banks, ...(t(values, 'jgyh') ? [t(values, 'jgyh')] : [])])].map((b) => [b, b] as const);
  return (
    <div className="wizard-form">
      <TextField name="jgzd" label="参考价格最低（元/平方米）" value={values.jgzd ?? ''} error={errors.jgzd} onChange={set} maxLength={10} inputMode="numeric" />
      <TextField name="jgzg" label="参考价格最高（元/平方米）" value={values.jgzg ?? ''} error={errors.jgzg} onChange={set} maxLength={10} inputMode="numeric" />
      <SelectField
        name="jdxdb"
        label="阶段性担保"
        value={values.jdxdb ?? ''}
        error={errors.jdxdb}
        onChange={set}
        options={GUARANTEE_CHOICES}
        empty="请选择"
        hint="提供的，开发商在借款人办妥抵押登记前为其住房公积金贷款承担保证责任，并按中心规定缴存保证金"
      />
      <SelectField name="jgyh" label="监管银行" value={values.jgyh ?? ''} error={errors.jgyh} onChange={set} options={bankOptions} empty="请选择" hint="预售资金监管账户的开户银行" />
      <TextField name="jgzh" label="预售资金监管账号" value={values.jgzh ?? ''} error={errors.jgzh} onChange={set} maxLength={36} inputMode="numeric" />
      <TextField name="lxdh" label="售楼电话" value={values.lxdh ?? ''} error={errors.lxdh} onChange={set} maxLength={13} inputMode="tel" hint="手机号码或带区号的固定电话，将在合作楼盘中公布" />
    </div>
  );
}

const checkRows = (v: WizardValues) => [
  { label: '楼盘名称', value: t(v, 'xmmc'), formStep: 0 },
  { label: '所在区域与地址', value: `${t(v, 'qy')}，${t(v, 'xmdz')}`, formStep: 0 },
  { label: '预售许可证号', value: splitList(v.ysxkzh ?? '').join('、'), formStep: 0 },
  { label: '楼栋', value: splitList(v.lds ?? '').join('、'), formStep: 0 },
  { label: '总套数与开盘时间', value: `${t(v, 'zts')} 套，${t(v, 'kpsj')} 开盘`, formStep: 0 },
  { label: '参考价格', value: `${t(v, 'jgzd')}-${t(v, 'jgzg')} 元/平方米`, formStep: 1 },
  { label: '阶段性担保', value: v.jdxdb === '1' ? '提供' : v.jdxdb === '0' ? '不提供' : '', formStep: 1 },
  { label: '预售资金监管账户', value: `${t(v, 'jgyh')} ${t(v, 'jgzh')}`, formStep: 1 },
  { label: '售楼电话', value: t(v, 'lxdh'), formStep: 1 },
];

/** The registration (KH0201) or the change of one project (KH0202) on the wizard. */
function ProjectWizard({ change }: { change?: { xmbh: string; values: WizardValues } }) {
  const [banks, setBanks] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    fetchBankNames().then(
      (b) => live && setBanks(b),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const steps: WizardFormStep[] = [
    { title: '楼盘信息', render: (ctx) => <FactsStep {...ctx} />, validate: projectErrors },
    { title: '价格、担保与监管账户', render: (ctx) => <PriceStep {...ctx} banks={banks} />, validate: priceErrors },
  ];
  return (
    <>
      <p className="developer-back">
        <Link to={PROJECTS_PATH}>返回楼盘列表</Link>
      </p>
      <Wizard
        ywlx={change ? 'KH0202' : 'KH0201'}
        title={change ? '楼盘信息变更' : '楼盘信息登记'}
        formSteps={steps}
        initialValues={change?.values ?? PROJECT_BLANK}
        toPayload={(v) => projectPayload(v, change?.xmbh)}
        checkRows={checkRows}
        nextSteps={(r) => (
          <p>
            中心将在承诺办结日期（{r.promisedDate ?? ''}）前审核，结果以短信通知您。
            {change ? '办结后新的楼盘信息生效，办结前仍按原信息。' : '审核通过后楼盘将在“合作楼盘”中公布，购房人可申请住房公积金贷款。'}
          </p>
        )}
      />
    </>
  );
}

/** The change's wizard, once the project's facts are read. */
function ChangeLoader({ xmbh }: { xmbh: string }) {
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; values: WizardValues }>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    fetchProject(xmbh).then(
      (d) => live && setState({ kind: 'ready', values: valuesOf(d) }),
      (error: unknown) => live && setState({ kind: 'error', message: errorMessage(error, '楼盘信息暂时无法加载，请稍后重试') }),
    );
    return () => {
      live = false;
    };
  }, [xmbh]);
  if (state.kind === 'loading') return <p role="status">正在加载楼盘信息…</p>;
  if (state.kind === 'error')
    return (
      <section className="page">
        <p role="alert">{state.message}</p>
        <Link to={PROJECTS_PATH}>返回楼盘列表</Link>
      </section>
    );
  return <ProjectWizard change={{ xmbh, values: state.values }} />;
}

const COLUMNS: TableColumn<ProjectRow>[] = [
  { prop: 'xmmc', label: '楼盘名称', disabled: true, rowHeader: true },
  { prop: 'xmbh', label: '楼盘编号', className: 'nowrap' },
  { prop: 'qy', label: '区域' },
  { prop: 'ysxkzh', label: '预售许可证号' },
  { prop: 'lds', label: '楼栋', hidden: true },
  { prop: 'jgqj', label: '参考价格' },
  { prop: 'jdxdb', label: '阶段性担保', type: 'custom', render: (r) => (r.jdxdb === '1' ? '提供' : '不提供'), text: (r) => (r.jdxdb === '1' ? '提供' : '不提供') },
  { prop: 'jgyh', label: '监管银行', hidden: true },
  { prop: 'xszt', label: '销售状态' },
  { prop: 'shztmc', label: '审核状态', disabled: true },
  {
    prop: 'actions',
    label: '操作',
    type: 'custom',
    disabled: true,
    text: () => '',
    render: (r) =>
      r.shzt === 'approved' ? (
        <Link to={`${PROJECTS_PATH}?action=change&xmbh=${encodeURIComponent(r.xmbh)}`} aria-label={`变更${r.xmmc}`}>
          变更
        </Link>
      ) : r.ywbh ? (
        <span className="developer-muted">{r.shzt === '04' ? '请在“我的业务”中修改后重新提交' : '—'}</span>
      ) : (
        '—'
      ),
  },
];

/**
 * 楼盘信息查询 (/kfswt/cx_yw/xx_cx/lpxx_cx; docs/api-developer.md): the developer's projects with where each stands
 * (待审核, 已退回, 已通过), by keyset pages, with export; 登记新楼盘 opens the registration (KH0201) and 变更 on an
 * approved project its change (KH0202), both on the wizard (`?action=register`, `?action=change&xmbh=`).
 */
export function ProjectsPage() {
  const [params] = useSearchParams();
  const action = params.get('action');
  const xmbh = params.get('xmbh') ?? '';
  if (action === 'register') return <ProjectWizard />;
  if (action === 'change' && /^LP\d{10,14}$/.test(xmbh)) return <ChangeLoader key={xmbh} xmbh={xmbh} />;
  return <ProjectList />;
}

function ProjectList() {
  usePageTitle('楼盘信息查询');
  const { pathname } = useLocation();
  const [pageSize, setPageSize] = useState(20);
  const canExport = usePermission(PROJECTS_PATH, 'export');
  const list = useKeysetPaged<ProjectPage>((after, signal) => fetchProjects(after, pageSize, signal), String(pageSize));
  const page = list.state.page;
  return (
    <section className="page" aria-labelledby="lpxx-title">
      <h1 id="lpxx-title">楼盘信息查询</h1>
      <p className="page__lead">本开发商登记的楼盘及其审核状态。审核通过的楼盘在“合作楼盘”中公布，购房人可申请住房公积金贷款；信息有变化的请办理变更。</p>
      <p>
        <Link className="btn btn--primary" to={`${PROJECTS_PATH}?action=register`}>
          登记新楼盘
        </Link>
      </p>
      {list.state.status === 'error' && (
        <div className="content-error" role="alert">
          <p>{list.state.message}</p>
          <button type="button" className="btn" onClick={list.reload}>
            重新加载
          </button>
        </div>
      )}
      {page === null && list.state.status === 'loading' && <p role="status">正在加载，请稍候…</p>}
      {page && (
        <DataTable
          caption="本开发商的楼盘"
          columns={COLUMNS}
          rows={page.list}
          rowKey={(r) => r.xmbh}
          busy={list.state.status === 'loading'}
          emptyText="还没有登记楼盘"
          settings={{ path: pathname, navName: 'lpxx', name: '楼盘信息' }}
          toolbar={canExport ? <ExportButtons path={PROJECT_EXPORT} params={{}} fileName="楼盘信息" /> : null}
        />
      )}
      {page && page.list.length > 0 && (
        <KeysetPager total={null} pageNum={list.pageNum} pageSize={pageSize} hasNext={list.hasNext} onPrev={list.prev} onNext={list.next} onSize={setPageSize} label="楼盘信息分页" />
      )}
    </section>
  );
}
