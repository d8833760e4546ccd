/**
 * Type test (checked by `npm run typecheck`, never bundled: nothing imports it). The hall's answer types are aliases of
 * the contract (`@gjj-hall/sdk/api`, generated from the server's OpenAPI document; docs/api-openapi.md), so they cannot
 * drift from it; what could go wrong silently is an alias that resolves to `never` (a path or method the document does
 * not have) or to `unknown` (an answer described without a schema), since both compile against any use. Each line
 * below fails the typecheck when its type is one of those, or when a field the pages read is optional.
 */
import type { ApplicationDetail, ApplicationOutcome, ApplicationRow, TodoItem } from '../features/myoffice/api';
import type { Certificate, CertificateAccount, CertificateOptions } from '../features/personal/jczm/api';
import type { FlexibleInfo, FlexibleParams } from '../features/flexible/api';
import type { MessagePage, UserMessage } from '../features/messages/api';
import type { TransferAccount, TransferCheck } from '../features/personal/gj0314/api';
import type { Bank, WithdrawalLimit } from '../features/withdrawals/api';
import type { AccountHolder, AccountInfo, HomeFigures } from '../features/personal/account-info/api';
import type { Material, ServerDraft, SubmitResult } from './wizard/api';
import type { Employee, InterestStatement, RemittanceList, UnitParams } from '../features/unit/api';

/** true when T is a real type: not never, not unknown, not any. */
type Described<T> = [T] extends [never] ? false : unknown extends T ? false : true;
/** true when `K` is a required field of T. */
type Has<T, K extends keyof T> = object extends Pick<T, K> ? false : true;

export const CONTRACT_TYPES_CHECKED = [
  true satisfies Described<ApplicationDetail>,
  true satisfies Described<ApplicationOutcome>,
  true satisfies Described<ApplicationRow>,
  true satisfies Described<TodoItem>,
  true satisfies Described<Certificate>,
  true satisfies Described<CertificateAccount>,
  true satisfies Described<CertificateOptions>,
  true satisfies Described<FlexibleInfo>,
  true satisfies Described<MessagePage>,
  true satisfies Described<UserMessage>,
  true satisfies Described<TransferAccount>,
  true satisfies Described<TransferCheck>,
  true satisfies Described<Bank>,
  true satisfies Described<WithdrawalLimit>,
  true satisfies Described<AccountHolder>,
  true satisfies Described<AccountInfo>,
  true satisfies Described<HomeFigures>,
  true satisfies Described<Material>,
  true satisfies Described<ServerDraft>,
  true satisfies Described<SubmitResult>,
  true satisfies Described<RemittanceList>,
  true satisfies Described<Employee>,
  true satisfies Described<UnitParams>,
  true satisfies Described<InterestStatement>,
  // Fields the pages read without a fallback are required in the document.
  true satisfies Has<ApplicationDetail, 'events' | 'canWithdraw' | 'canResubmit' | 'canDelete' | 'zt'>,
  true satisfies Has<ApplicationRow, 'ywbh' | 'zt' | 'promisedDate'>,
  true satisfies Has<Certificate, 'zmbh' | 'zt' | 'validUntil'>,
  true satisfies Has<FlexibleInfo, 'grzh' | 'unpaid' | 'payments' | 'params'>,
  true satisfies Has<MessagePage, 'list' | 'next' | 'unread'>,
  true satisfies Has<TransferAccount, 'movable' | 'reason'>,
  true satisfies Has<Material, 'wjlxId' | 'required'>,
  true satisfies Has<SubmitResult, 'ywbh' | 'promisedDate'>,
  true satisfies Has<RemittanceList, 'hjny' | 'rows' | 'next'>,
  true satisfies Has<UnitParams, 'baseMinYuan' | 'baseMaxYuan' | 'ratioMin' | 'ratioMax' | 'adjustMaxRows'>,
  // The parameters the flexible pages keep are the ones the server answers.
  true satisfies (FlexibleInfo['params'] extends FlexibleParams ? true : false),
] as const;
