import { LOGIN_TYPES } from '../constants/constants';
import { toLoginType } from '../menu/areas';
import type { UserInfo } from '../session/session';

/**
 * The name the top bar shows (spec 1): the nickname of an individual, the company name of a unit or developer.
 *
 * @example
 * displayName({ nikName: '张三' }, 1) // '张三'
 * displayName({ companyName: '示例科技有限公司' }, 2) // '示例科技有限公司'
 */
export function displayName(userInfo: UserInfo | null | undefined, loginType: unknown): string {
  if (!userInfo) return '';
  const personal = toLoginType(loginType) === LOGIN_TYPES.personal;
  const name = personal ? userInfo.nikName : userInfo.companyName;
  return typeof name === 'string' ? name : '';
}
