// The public certificate checks (缴存证明, 提取回单, 单位缴存证明, 贷款结清证明) in one chunk: the route table names one
// loader for the four rather than four, which the initial JavaScript of every page carries (issue 35: each loader with
// its preload list costs the entry bytes; the four are one CodeCheckPage (code-check-page.tsx) anyway).
export { JczmVerifyPage } from './jczm-verify-page';
export { TqhdVerifyPage, DkjqzmVerifyPage } from './tqhd-verify-page';
export { DwjczmVerifyPage } from './dwjczm-verify-page';
