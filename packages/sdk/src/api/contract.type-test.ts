/**
 * Type test (checked by `npm run typecheck`; not an entry, never built or published). The sdk's own answer types are
 * written for any centre's back end (docs/api-openapi.md, "One contract type"); the reference server's document must
 * answer what they expect. Each line fails the typecheck when the document's answer (`ApiData`, generated from the
 * server's route schemas) no longer fits the sdk's type, or when it is `never` or `unknown` (an address the document
 * lacks, an answer without a schema): a server change that would break the sdk's readers, or an sdk type that asks
 * for a field the server does not send.
 */
import type { ApiData } from './index';
import type { Captcha, CaptchaAnswer, MenuEnableState, MenuIcon, PublicMenuItem } from '../auth/api';
import type { InfoCheck, InterestStatement, Notice } from '../auth/shell-api';
import type { TwoCheckCode } from '../auth/two-check';
import type { ConfigVersion, SysConfigItem } from '../config/config';
import type { LoanCalculationResult } from '../loan/remote';
import type { UserInfo } from '../session/session';

/** true when the server's answer A is a real type and fits the sdk's type S. */
type Fits<A, S> = [A] extends [never] ? false : unknown extends A ? false : [A] extends [S] ? true : false;

export const SDK_CONTRACT_CHECKED = [
  true satisfies Fits<ApiData<'/api/auth/v1/getImgCode', 'get'>, Captcha>,
  true satisfies Fits<ApiData<'/api/auth/v1/humanCheck/verify', 'post'>, CaptchaAnswer>,
  true satisfies Fits<ApiData<'/api/auth/v1/getUserInfo', 'get'>, UserInfo>,
  true satisfies Fits<ApiData<'/api/auth/v1/menu/getAllMenuImgIcon', 'get'>, MenuIcon[]>,
  true satisfies Fits<ApiData<'/api/auth/v1/menu/pubClientTree', 'get'>, PublicMenuItem[]>,
  true satisfies Fits<ApiData<'/api/auth/v1/menu/getMenuEnable', 'get'>, MenuEnableState[]>,
  true satisfies Fits<ApiData<'/api/auth/v1/twoCheck/getQrCode', 'get'>, Partial<TwoCheckCode>>,
  true satisfies Fits<ApiData<'/api/izfgjj-zhfw/v1/xtcs/getVersion', 'get'>, ConfigVersion>,
  true satisfies Fits<ApiData<'/api/izfgjj-zhfw/v1/xtcs/getList', 'get'>, SysConfigItem[]>,
  true satisfies Fits<ApiData<'/api/izfgjj-zhfw/v1/tzxx/getList', 'get'>, Notice[]>,
  true satisfies Fits<ApiData<'/api/izfgjj-zhfw/v1/xxwz/check', 'get'>, InfoCheck>,
  true satisfies Fits<ApiData<'/api/izfgjj-zhfw/v1/dwlxd/checkQr', 'get'>, InterestStatement>,
  true satisfies Fits<ApiData<'/api/izfgjj-zhfw/v1/hkjh/gjjsdcs', 'get'>, LoanCalculationResult>,
] as const;
