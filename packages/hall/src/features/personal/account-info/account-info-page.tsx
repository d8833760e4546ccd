import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@gjj-hall/sdk';
import { formatMoney } from '@gjj-hall/sdk/format';
import { useStore } from '@nanostores/react';
import { $menuRoutes } from '../../../shared/services';
import { usePageTitle } from '../../../shared/use-page-title';
import { PrintButton, PrintHead } from '../../../shared/table/print';
import { fetchAccounts, type AccountHolder, type AccountInfo } from './api';
import { findRoute, monthText, percentText } from './format';
import './account-info.css';

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; holder: AccountHolder; accounts: AccountInfo[] };

/** Where the holder changes their details: GJ0302, or the flexible-employment login's own path (spec 2.2). */
const CHANGE_PATHS = ['/grwt/zhxx/zhxxbg/grzhxxbg', '/grwt/zhxx/lhjyryyw/lhjyryxxbg'];

const dash = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '--' : v);

/** One label and value of a description list. */
function Fact({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? 'acct-facts__item acct-facts__item--wide' : 'acct-facts__item'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * 个人账户信息 (menu /grwt/zhxx/zhcx/grzhxx): every personal account of the signed-in person (张三 holds a unit account
 * and a flexible one), each with its status, unit, opening date, base, ratios, monthly deposit in its two parts,
 * balance, last deposit month and this year's interest; then the holder's details, which 个人账户信息变更 changes.
 * ID number and phone come masked from the server (spec 5.6). 打印 prints the page under the centre's print head.
 */
export function AccountInfoPage() {
  usePageTitle('个人账户信息');
  const routes = useStore($menuRoutes);
  const changePath = CHANGE_PATHS.find((p) => findRoute(routes, p)) ?? '';
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchAccounts({ signal: controller.signal, silent: true }).then(
      (data) => !controller.signal.aborted && setLoaded({ status: 'ready', ...data }),
      (error: unknown) => !controller.signal.aborted && setLoaded({ status: 'error', message: errorMessage(error, '加载失败，请稍后重试') }),
    );
    return () => controller.abort();
  }, [attempt]);

  return (
    <section className="page acct" aria-labelledby="acct-title">
      <h1 id="acct-title">个人账户信息</h1>
      {loaded.status === 'loading' && <p role="status">正在加载，请稍候…</p>}
      {loaded.status === 'error' && (
        <div className="content-error" role="alert">
          <p>{loaded.message}</p>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setLoaded({ status: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            重新加载
          </button>
        </div>
      )}
      {loaded.status === 'ready' && (
        <>
          <PrintHead title="个人账户信息" period={`名下全部个人账户（${loaded.accounts.length} 个）`} />
          <p className="page__lead">
            您名下共有 {loaded.accounts.length} 个住房公积金个人账户。金额单位：元；汇缴年月为最近一次缴存所属的月份。
          </p>
          {loaded.accounts.length === 0 && <p className="empty">未查询到您名下的住房公积金个人账户，如有疑问请致电 12329。</p>}
          {loaded.accounts.map((a) => (
            <Account key={a.grzh} account={a} />
          ))}
          <Holder holder={loaded.holder} changePath={changePath} />
          <p className="acct-actions no-print">
            <PrintButton />
          </p>
        </>
      )}
    </section>
  );
}

function Account({ account: a }: { account: AccountInfo }) {
  const titleId = `acct-${a.grzh}`;
  const closed = a.grzhzt !== '01';
  return (
    <section className="acct-card" aria-labelledby={titleId}>
      <div className="acct-card__head">
        <h2 id={titleId} className="acct-card__title">
          {a.kindName}账户 <span className="acct-card__no">{a.grzh}</span>
        </h2>
        <span className={closed ? 'acct-tag acct-tag--warn' : 'acct-tag'}>{a.grzhztmc}</span>
        {a.current && <span className="acct-tag acct-tag--current">当前账户</span>}
      </div>
      <p className="acct-card__balance">
        <span className="acct-card__balance-label">账户余额（元）</span>
        <span className="acct-card__balance-value">{formatMoney(a.grzhye)}</span>
      </p>
      <dl className="acct-facts">
        <Fact label="姓名" value={a.xingming} />
        <Fact label="个人账号" value={a.grzh} />
        <Fact label="账户状态" value={a.grzhztmc} />
        <Fact label="缴存类型" value={a.kindName} />
        <Fact label="所在单位" value={a.dwmc ? `${a.dwmc}（${a.dwzh || '--'}）` : a.kind === 'lhjy' ? '灵活就业人员（个人缴存）' : '--'} wide />
        <Fact label="开户日期" value={dash(a.khrq)} />
        {a.xhrq && <Fact label="销户日期" value={a.xhrq} />}
        <Fact label="缴存基数（元）" value={formatMoney(a.jcjs)} />
        <Fact label="单位缴存比例" value={percentText(a.dwjcbl)} />
        <Fact label="个人缴存比例" value={percentText(a.grjcbl)} />
        <Fact label="单位月缴存额（元）" value={formatMoney(a.dwyjce)} />
        <Fact label="个人月缴存额（元）" value={formatMoney(a.gryjce)} />
        <Fact label="月缴存额合计（元）" value={formatMoney(a.yjce)} />
        <Fact label="汇缴年月" value={monthText(a.hjny)} />
        <Fact label={`${a.year}年利息（元）`} value={formatMoney(a.bnlx)} />
      </dl>
    </section>
  );
}

function Holder({ holder: h, changePath }: { holder: AccountHolder; changePath: string }) {
  return (
    <section className="acct-card acct-holder" aria-labelledby="acct-holder-title">
      <div className="acct-card__head">
        <h2 id="acct-holder-title" className="acct-card__title">
          个人基本信息
        </h2>
        {changePath && (
          <Link to={changePath} className="acct-card__link no-print">
            变更个人信息
          </Link>
        )}
      </div>
      <dl className="acct-facts">
        <Fact label="姓名" value={dash(h.xingming)} />
        <Fact label="证件号码" value={dash(h.zjhm)} />
        <Fact label="手机号码" value={dash(h.sjhm)} />
        <Fact label="婚姻状况" value={dash(h.hyzkmc)} />
        <Fact label="通讯地址" value={dash(h.txdz)} wide />
        <Fact label="邮政编码" value={dash(h.yzbm)} />
        <Fact label="单位电话" value={dash(h.gzdh)} />
        <Fact label="电子邮箱" value={dash(h.dzyx)} />
        <Fact label="职业" value={dash(h.zy)} />
        <Fact label="学历" value={dash(h.xl)} />
      </dl>
    </section>
  );
}
