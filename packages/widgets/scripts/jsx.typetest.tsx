// A type test, compiled by `npm run typecheck` and never run: a React host using every <gjj-…> element through the
// package's JSX typings (`@gjj-hall/widgets/jsx`), with right attributes, and a wrong one under each @ts-expect-error.
import type {} from '@gjj-hall/widgets/jsx';
import type { LoanCalculateDetail, OpenPolicyDetail, PolicyListLoadDetail } from '@gjj-hall/widgets';
import type { ReactElement } from 'react';

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
