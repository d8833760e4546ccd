// The portal's own script: a file from its own origin, since the CSP allows no inline script. The widgets need no
// configuration here: they call the page's own origin, whose server passes /api/ on to the fund centre. A portal
// calling the centre directly would write GjjWidgets.configure({ apiBase: 'https://gjj.example.gov.cn' }) and add
// that origin to connect-src.

const yuan = (text) => Number(text).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Writes what one calculator computed under it: each listens to its own element only. */
function summarise(planId) {
  const calculator = document.getElementById(planId);
  const summary = document.getElementById(`${planId}-summary`);
  calculator.addEventListener('gjj-calculate', (event) => {
    const { tab, results } = event.detail;
    summary.textContent =
      tab === 'compare'
        ? `公积金贷款月供 ${yuan(results.provident.monthlyPayment)} 元，利息合计 ${yuan(results.provident.totalInterest)} 元`
        : `已计算（${tab === 'combined' ? '组合贷款' : '提前还款'}）`;
  });
}

summarise('plan-a');
summarise('plan-b');

document.querySelector('gjj-complaint-form').addEventListener('gjj-submitted', (event) => {
  document.getElementById('complaint-summary').textContent = `您的意见已提交，受理编号 ${event.detail.sqbh}`;
});
