// Not part of the app: proves that `npm run typecheck` catches what the JSX typings of @gjj-hall/widgets/jsx promise to
// catch in this app's setup (the packages' dist types, as an integrator has them). Each @ts-expect-error fails the
// typecheck when its line compiles.
//
// TypeScript itself lets through any JSX attribute whose name has a hyphen and is not declared (as it does for data-*),
// so a misspelt `api-bse` or `ongjj-loaded` is not an error: what it checks on the hyphenated names is their values.
import type { LoanRates } from '@gjj-hall/sdk/rates';
import type {} from '@gjj-hall/widgets/jsx';

export const checked = [
  <gjj-rate-table key="ok" api-base="https://gjj.example.gov.cn" ongjj-load={(event) => event.detail.provident satisfies LoanRates['provident']} />,
  <gjj-loan-calculator key="ok2" mode="local" />,
  // @ts-expect-error -- a typo in an attribute: `mdoe` for `mode`
  <gjj-loan-calculator key="typo" mdoe="local" />,
  // @ts-expect-error -- a misspelt value: mode is 'local' | 'remote'
  <gjj-loan-calculator key="value" mode="locale" />,
  // @ts-expect-error -- api-base is a string
  <gjj-rate-table key="type" api-base={8080} />,
  // @ts-expect-error -- the detail of gjj-load is LoanRates, which has no `rates`
  <gjj-rate-table key="detail" ongjj-load={(event) => event.detail.rates} />,
  // @ts-expect-error -- page-size is one of the sizes the list offers, not any text
  <gjj-policy-list key="size" page-size="twenty" />,
];
