import { formatMoney } from '@gjj-hall/sdk/format';
import { CodeCheckPage, type CodeCheck } from './code-check-page';

/** What the public check answers (docs/api-withdrawals.md › Lists and papers, `tq/hdVerify`). */
interface ReceiptCheck extends CodeCheck {
  receipt?: null | {
    hdbh?: string;
    ywmc?: string;
    tqyymc?: string;
    xingming?: string;
    zjhm?: string;
    tqje?: string;
    paidOn?: string;
    skyhmc?: string;
    skzh?: string;
    completedAt?: string;
  };
}

/** What the settlement certificate's public check answers (docs/api-loans.md › 结清证明, `dkyw/jqzmVerify`). */
interface SettlementCheck extends CodeCheck {
  certificate?: null | { zmbh?: string; xingming?: string; zjhm?: string; jkhtbh?: string; dkje?: string; ffrq?: string; jqrq?: string; cjsj?: string | null };
}

/**
 * /tqhdVerify?code= (issue 33; public, no sign-in): checks a withdrawal receipt (提取回单) by the code printed on it or
 * its QR. A valid one shows the receipt's frozen facts masked (name 张*, ID number, card).
 */
export function TqhdVerifyPage() {
  return (
    <CodeCheckPage<ReceiptCheck>
      title="提取回单核验"
      titleId="tqhd-verify-title"
      lead="输入住房公积金提取回单上的验证码，或用手机扫描回单上的二维码，核验回单的真伪，无需登录。"
      label="核验提取回单"
      url="/api/izfgjj-zhfw/v1/tq/hdVerify"
      note="以上为提取办结时的信息，个人信息已按规定隐去部分内容。如有疑问请致电 12329。"
      facts={({ receipt: r }) =>
        r && (
          <>
            <dt>回单编号</dt>
            <dd>{r.hdbh}</dd>
            <dt>提取业务</dt>
            <dd>
              {r.ywmc}
              {r.tqyymc ? `（${r.tqyymc}）` : ''}
            </dd>
            <dt>姓名</dt>
            <dd>{r.xingming}</dd>
            <dt>证件号码</dt>
            <dd>{r.zjhm}</dd>
            <dt>提取金额</dt>
            <dd>{r.tqje ? `${formatMoney(r.tqje)} 元` : '—'}</dd>
            <dt>收款账户</dt>
            <dd>
              {r.skyhmc} {r.skzh}
            </dd>
            <dt>入账日期</dt>
            <dd>{r.paidOn}</dd>
            <dt>办结时间</dt>
            <dd>{r.completedAt}</dd>
          </>
        )
      }
    />
  );
}

/**
 * /dkjqzmVerify?code= (issue 38; public, no sign-in): checks a loan settlement certificate (住房公积金贷款结清证明) by
 * the code printed on it or its QR. A valid one shows the certificate's frozen facts masked (name 刘**, ID number,
 * contract number). Kept in this chunk, as 提取回单核验 is, so no new chunk name enters the entry.
 */
export function DkjqzmVerifyPage() {
  return (
    <CodeCheckPage<SettlementCheck>
      title="贷款结清证明核验"
      titleId="dkjqzm-verify-title"
      lead="输入住房公积金贷款结清证明上的验证码，或用手机扫描证明上的二维码，核验证明的真伪，无需登录。"
      label="核验贷款结清证明"
      url="/api/izfgjj-zhfw/v1/dkyw/jqzmVerify"
      note="以上为出具结清证明时的信息，个人信息已按规定隐去部分内容。如有疑问请致电 12329。"
      facts={({ certificate: c }) =>
        c && (
          <>
            <dt>证明编号</dt>
            <dd>{c.zmbh}</dd>
            <dt>借款人</dt>
            <dd>{c.xingming}</dd>
            <dt>证件号码</dt>
            <dd>{c.zjhm}</dd>
            <dt>借款合同编号</dt>
            <dd>{c.jkhtbh}</dd>
            <dt>贷款金额</dt>
            <dd>{c.dkje ? `${c.dkje} 元` : '—'}</dd>
            <dt>放款日期</dt>
            <dd>{c.ffrq}</dd>
            <dt>结清日期</dt>
            <dd>{c.jqrq}</dd>
            <dt>出具时间</dt>
            <dd>{c.cjsj}</dd>
          </>
        )
      }
    />
  );
}

export default TqhdVerifyPage;
