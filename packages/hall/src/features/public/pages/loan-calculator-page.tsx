import { LoanCalculator } from '@gjj-hall/widgets';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../shared/use-page-title';

/**
 * /dkcs: the loan calculator, public and loaded eagerly (spec 2.1, 2.10). Opened from a home page's tile, the address
 * carries that home's `activeIndex` (spec 2.2), and a back button returns to the tab the user came from.
 */
export function LoanCalculatorPage() {
  usePageTitle('贷款计算器');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const activeIndex = params.get('activeIndex');
  return (
    <section className="page" aria-labelledby="dkcs-title">
      {activeIndex !== null && (
        <button
          type="button"
          className="back-button"
          onClick={() => {
            // Back in history keeps the home page's state; a link opened in a new tab has no history to go back to.
            if (window.history.length > 1) navigate(-1);
            else navigate(`/?activeIndex=${encodeURIComponent(activeIndex)}`);
          }}
        >
          ‹ 返回
        </button>
      )}
      <h1 id="dkcs-title">贷款计算器</h1>
      <p className="page__lead">
        比较住房公积金贷款与商业贷款的月供和利息，也可试算组合贷款和提前还款。计算结果仅供参考，以借款合同为准。
      </p>
      <LoanCalculator />
    </section>
  );
}

export default LoanCalculatorPage;
