export { RateTable } from './rate-table/rate-table';
export type { RateTableProps } from './rate-table/rate-table';
export { rateTableMeta } from './rate-table/rate-table.meta';
export type { AttributeMeta, EventMeta, StyleHookMeta, WidgetMeta } from './shared/meta';
export { adoptStyles, setStyleNonce } from './shared/styles';
export { LOAN_CALCULATOR_DEFAULT_MODE, LoanCalculator } from './loan-calculator/loan-calculator';
export type { LoanCalculatorProps } from './loan-calculator/loan-calculator';
export { loanCalculatorMeta } from './loan-calculator/loan-calculator.meta';
export type {
  CompareInputs,
  CompareResults,
  LoanCalculateDetail,
  LoanCalculatorErrorDetail,
  LoanCalculatorMode,
  LoanCalculatorTab,
  LoanFigures,
  LoanRateInput,
} from './loan-calculator/types';
export { ComplaintForm } from './complaint-form/complaint-form';
export type { ComplaintFormProps, ComplaintSubmittedDetail } from './complaint-form/complaint-form';
export { complaintFormMeta } from './complaint-form/complaint-form.meta';
export { PolicyList } from './policy-list/policy-list';
export type { OpenPolicyDetail, PolicyListLoadDetail, PolicyListProps, PolicyListQuery } from './policy-list/policy-list';
export { PolicyDetail } from './policy-list/policy-detail';
export type { PolicyDetailProps } from './policy-list/policy-detail';
export { policyListMeta } from './policy-list/policy-list.meta';
export { QrSigning } from './qr-signing/qr-signing';
export type { QrExpiredDetail, QrSignedDetail, QrSigningProps } from './qr-signing/qr-signing';
export { qrSigningMeta } from './qr-signing/qr-signing.meta';
// The page's one configuration (`@gjj-hall/sdk/host`), here too so that a host needs no second import for it.
export { configure, getHostConfig } from '@gjj-hall/sdk/host';
export type { HostConfig } from '@gjj-hall/sdk/host';
export { ArchiveCollector } from './archive-collector/archive-collector';
export type { ArchiveCollectorProps } from './archive-collector/archive-collector';
export { archiveCollectorMeta } from './archive-collector/archive-collector.meta';
export { THEME_PROPERTIES } from './shared/theme.meta';
