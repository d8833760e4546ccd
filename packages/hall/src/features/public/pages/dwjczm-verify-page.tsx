import type { ApiData } from '@gjj-hall/sdk/api';
import { CodeCheckPage } from './code-check-page';

/** What the public check answers (docs/api-unit-business.md › 单位缴存证明, `dwjczm/verify`). */
type UnitCertificateCheck = ApiData<'/api/izfgjj-zhfw/v1/dwjczm/verify', 'get'>;

const month = (p: string | undefined) => (p && /^\d{6}$/.test(p) ? `${p.slice(0, 4)} 年 ${Number(p.slice(4))} 月` : '—');

/**
 * /dwjczmVerify?code= (issue 34; public, no sign-in): checks a unit's deposit certificate (单位缴存证明, GJ0209) by
 * the code printed on it or its QR, on the public check page of every paper with a code (`CodeCheckPage`). A valid one
 * shows the frozen facts, the unit's name and account masked; a wrong and an unknown code get the same sentence; a
 * revoked or expired one its number and date. The server limits tries per client address.
 */
export function DwjczmVerifyPage() {
  return (
    <CodeCheckPage<UnitCertificateCheck>
      title="单位缴存证明核验"
      titleId="dwjczm-verify-title"
      lead="输入单位住房公积金缴存证明上的验证码，或用手机扫描证明上的二维码，核验证明的真伪，无需登录。"
      label="核验单位缴存证明"
      url="/api/izfgjj-zhfw/v1/dwjczm/verify"
      note="以上为证明出具时的信息，单位名称和账号已按规定隐去部分内容。如有疑问请致电 12329。"
      isValid={(a) => a.zt === '01' && !!a.certificate}
      notValid={(a) =>
        a.certificate?.issuedDate ? (
          <p className="page__muted">
            证明编号 {a.certificate.zmbh}，出具日期 {a.certificate.issuedDate}。
          </p>
        ) : null
      }
      facts={({ certificate: c }) =>
        c && (
          <>
            <dt>证明编号</dt>
            <dd>{c.zmbh}</dd>
            <dt>单位名称</dt>
            <dd>{c.dwmc}</dd>
            <dt>单位账号</dt>
            <dd>{c.dwzh}</dd>
            <dt>账户状态</dt>
            <dd>{c.dwzhztmc}</dd>
            <dt>开户日期</dt>
            <dd>{c.khrq}</dd>
            <dt>职工人数</dt>
            <dd>{c.openEmployees ?? 0} 人</dd>
            <dt>缴至年月</dt>
            <dd>{month(c.jzny)}</dd>
            <dt>月汇缴额</dt>
            <dd>{c.monthly} 元</dd>
            <dt>出具日期</dt>
            <dd>{c.issuedDate}</dd>
            <dt>有效期至</dt>
            <dd>{c.validUntil}</dd>
            {c.purpose ? (
              <>
                <dt>证明用途</dt>
                <dd>{c.purpose}</dd>
              </>
            ) : null}
          </>
        )
      }
    />
  );
}

export default DwjczmVerifyPage;
