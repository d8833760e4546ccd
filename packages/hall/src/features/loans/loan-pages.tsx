// The loan pages of the personal hall (issue 38): one chunk for them, named by menu path in app/pages/menu-page.tsx.
export { LoanApplyPage } from './apply-page';
export { LoanInfoPage, ProvidentPrepayPage as LoanPrepayPage } from './info-page';
