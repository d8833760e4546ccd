import { CodeCheckPage, type CodeCheck } from './code-check-page';

/** What the public verification call answers (docs/api-personal.md › 缴存证明): zt 01 有效, 02 已作废, 03 已过期, 04 不存在. */
interface Verification extends CodeCheck {
  zt: '01' | '02' | '03' | '04';
  ztmc: string;
  message: string;
  certificate: null | {
    zmbh: string;
    xingming?: string;
    zjhm?: string;
    grzh?: string;
    grzhztmc?: string;
    dwmc?: string;
    from?: string;
    to?: string;
    yjce?: string;
    jcjs?: string;
    issuedDate: string;
    validUntil: string;
    purpose?: string;
  };
  months: number;
  paidMonths: number;
}

const month = (ym = '') => `${ym.slice(0, 4)}年${ym.slice(5, 7)}月`;

/**
 * /jczmVerify?code= (issue 24; public, no sign-in): checks a deposit certificate by its verification code, typed or
 * from the certificate's QR, on the public check page of every paper with a code (`CodeCheckPage`). While it is valid
 * the certificate's facts show masked (name 张*, ID and account numbers); otherwise it says 该缴存证明已作废 / 已过期 /
 * 验证码不存在 (the last for a wrong and an unknown code alike), with the number and dates of one revoked or expired.
 * The server limits tries per client address.
 */
export function JczmVerifyPage() {
  return (
    <CodeCheckPage<Verification>
      title="缴存证明核验"
      titleId="jczm-verify-title"
      lead="输入住房公积金缴存证明上的验证码，或用手机扫描证明上的二维码，核验证明的真伪和有效期，无需登录。"
      label="核验缴存证明"
      url="/api/izfgjj-zhfw/v1/jczm/verify"
      note="以上为证明出具时的信息，个人信息已按规定隐去部分内容。如有疑问请致电 12329。"
      isValid={(a) => a.zt === '01' && !!a.certificate}
      notValid={({ certificate: c }) =>
        c && (
          <dl className="jczm-verify__facts">
            <dt>证明编号</dt>
            <dd>{c.zmbh}</dd>
            <dt>出具日期</dt>
            <dd>{c.issuedDate}</dd>
            <dt>有效期至</dt>
            <dd>{c.validUntil}</dd>
          </dl>
        )
      }
      facts={({ certificate: c, months, paidMonths }) =>
        c && (
          <>
            <dt>证明编号</dt>
            <dd>{c.zmbh}</dd>
            <dt>姓名</dt>
            <dd>{c.xingming}</dd>
            <dt>证件号码</dt>
            <dd>{c.zjhm}</dd>
            <dt>个人账号</dt>
            <dd>{c.grzh}</dd>
            <dt>单位名称</dt>
            <dd>{c.dwmc || '—'}</dd>
            <dt>账户状态</dt>
            <dd>{c.grzhztmc}</dd>
            <dt>缴存期间</dt>
            <dd>
              {month(c.from)}至{month(c.to)}，共 {months} 个月，已缴存 {paidMonths} 个月
            </dd>
            <dt>月缴存额</dt>
            <dd>{c.yjce} 元</dd>
            {c.purpose ? (
              <>
                <dt>证明用途</dt>
                <dd>{c.purpose}</dd>
              </>
            ) : null}
            <dt>出具日期</dt>
            <dd>{c.issuedDate}</dd>
            <dt>有效期至</dt>
            <dd>{c.validUntil}</dd>
          </>
        )
      }
    />
  );
}

export default JczmVerifyPage;
