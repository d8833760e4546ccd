// A type test, compiled by `npm run typecheck` and never run: a React host using every <gjj-…> element through the
// package's JSX typings (`@gjj-hall/widgets/jsx`), with right attributes, and a wrong one under each @ts-expect-error.
import type {
  ComplaintFormElementProperties,
  LoanCalculatorElementProperties,
  PolicyListElementProperties,
  RateTableElementProperties,
} from '@gjj-hall/widgets/jsx';
import type {
  ComplaintFormProps,
  LoanCalculateDetail,
  LoanCalculatorProps,
  OpenPolicyDetail,
  PolicyListLoadDetail,
  PolicyListProps,
  RateTableProps,
} from '@gjj-hall/widgets';
import type { ReactElement } from 'react';

/** True when each type is assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The element's properties, as the manifest and the typings give them, are exactly the props they set. */
type Agrees<E, P> = Same<Required<E>, Required<Pick<P, Extract<keyof E, keyof P>>>>;

export const propertiesAgree: [true, true, true, true] = [
  true as Agrees<RateTableElementProperties, RateTableProps>,
  true as Agrees<LoanCalculatorElementProperties, LoanCalculatorProps>,
  true as Agrees<ComplaintFormElementProperties, ComplaintFormProps>,
  true as Agrees<PolicyListElementProperties, PolicyListProps>,
];
// The check can fail: the rates as the manifest gave them before (text only) are not the prop's type.
// @ts-expect-error -- false is not true
export const textRatesAgree: true = true as Agrees<{ providentRates?: string }, LoanCalculatorProps>;

const logCalculation = (event: CustomEvent<LoanCalculateDetail>) => console.log(event.detail.tab, event.detail.results);

export function Host(): ReactElement {
  return (
    <main className="host">
      <gjj-rate-table api-base="https://gjj.example.gov.cn" ongjj-load={(e) => console.log(e.detail)} ongjj-error={(e) => console.warn(e.detail.message)} />
      <gjj-loan-calculator
        api-base="https://gjj.example.gov.cn"
        mode="local"
        provident-rates='[{"llmc":"02","zxll":2.6}]'
        commercial-rates='[{"llmc":"22","zxll":3.5}]'
        ongjj-calculate={logCalculation}
        style={{ maxWidth: 720 }}
      />
      {/* The properties by their own names: React 19 sets them as properties on a registered element. */}
      <gjj-loan-calculator label="首套房" mode="local" providentRates={[{ llmc: '02', zxll: 2.6 }]} commercialRates={[{ llmc: '22', zxll: '3.5' }]} />
      <gjj-complaint-form api-base="" ongjj-submitted={(e) => console.log(e.detail.sqbh)} />
      <gjj-policy-list
        api-base="https://gjj.example.gov.cn"
        category="dkzc"
        page-size={20}
        ongjj-open-policy={(e: CustomEvent<OpenPolicyDetail>) => e.preventDefault()}
        ongjj-load={(e: CustomEvent<PolicyListLoadDetail>) => console.log(e.detail.total)}
      />

      {/* @ts-expect-error -- mode is 'local' or 'remote' */}
      <gjj-loan-calculator mode="fast" />
      {/* @ts-expect-error -- the rates attribute is JSON text: an array would become "[object Object]" */}
      <gjj-loan-calculator provident-rates={[{ llmc: '02', zxll: 2.6 }]} />
      {/* @ts-expect-error -- a rate is { llmc, zxll } */}
      <gjj-loan-calculator providentRates={[{ code: '02', rate: 2.6 }]} />
      {/* @ts-expect-error -- page-size is a number */}
      <gjj-policy-list page-size={true} />
      {/* @ts-expect-error -- the detail of gjj-calculate is a LoanCalculateDetail, not a message */}
      <gjj-loan-calculator ongjj-calculate={(e: CustomEvent<{ message: string }>) => console.log(e.detail.message)} />
      {/* @ts-expect-error -- api-base is text */}
      <gjj-rate-table api-base={42} />
      {/* @ts-expect-error -- the complaint form has no gjj-calculate event to listen to with a non-function */}
      <gjj-complaint-form ongjj-submitted="alert(1)" />
      {/* @ts-expect-error -- no such element */}
      <gjj-nothing />
    </main>
  );
}
