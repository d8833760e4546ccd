import { RateTable } from '@gjj-hall/widgets';
import { usePageTitle } from '../../../shared/use-page-title';

/** /loanRate: the loan interest rates in force, public (spec 2.1). */
export function LoanRatePage() {
  usePageTitle('贷款利率');
  return (
    <section className="page" aria-labelledby="rate-title">
      <h1 id="rate-title">贷款利率</h1>
      <p className="page__lead">以下为现行个人住房贷款利率，年利率按执行日期起适用。实际贷款利率以借款合同为准。</p>
      <RateTable />
    </section>
  );
}

export default LoanRatePage;
