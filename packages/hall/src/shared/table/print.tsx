import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { stores } from '../services';
import { centreName } from '../site';
import './table.css';

/** An ID number as printed: the first 3 and last 4 characters (spec 5.6, as the sdk's maskIdCard); other accounts as they are. */
const maskId = (account: string) => (/^\d{17}[\dX]$/i.test(account) ? `${account.slice(0, 3)}${'*'.repeat(11)}${account.slice(-4)}` : account);

/** 打印时间 as the centre writes it. */
function stamp(at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())} ${p(at.getHours())}:${p(at.getMinutes())}:${p(at.getSeconds())}`;
}

export interface PrintHeadProps {
  /** What is printed, e.g. 我的业务. */
  title: string;
  /** The period or query (查询条件) the list shows. */
  period: string;
}

/**
 * The head of a printed list or detail (shown only in print): the centre's name (XT_ZXQC), the title, the account,
 * the period, and 打印时间 (set when printing starts). Page numbers come from the print stylesheet (table.css).
 *
 * @example
 * <PrintHead title="我的业务" period="状态：全部" />
 */
export function PrintHead({ title, period }: PrintHeadProps) {
  const userInfo = useStore(stores.session.$userInfo);
  const loginType = useStore(stores.session.$loginType);
  const [at, setAt] = useState(() => new Date());
  useEffect(() => {
    const before = () => setAt(new Date());
    window.addEventListener('beforeprint', before);
    return () => window.removeEventListener('beforeprint', before);
  }, []);
  const account = typeof userInfo?.account === 'string' ? userInfo.account : '';
  // The name as the top bar shows it (nikName of a person, companyName of a unit). Not the sdk's displayName and
  // maskIdCard: importing them here makes the bundler move them out of the shell into chunks of their own, which
  // grows what every signed-in page loads.
  const name = String((String(loginType) === '1' ? userInfo?.nikName : userInfo?.companyName) ?? '');
  return (
    <div className="print-only gjj-print-head">
      <p className="gjj-print-head__centre">{centreName()}</p>
      <p className="gjj-print-head__title">{title}</p>
      <dl>
        <div>
          <dt>账户</dt>
          <dd>
            {name}
            {account ? `（${maskId(account)}）` : ''}
          </dd>
        </div>
        <div>
          <dt>查询条件</dt>
          <dd>{period}</dd>
        </div>
        <div>
          <dt>打印时间</dt>
          <dd>{stamp(at)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** 打印: the browser's print dialog over the print stylesheet. */
export function PrintButton({ label = '打印' }: { label?: string }) {
  return (
    <button type="button" className="btn no-print" onClick={() => window.print()}>
      {label}
    </button>
  );
}
