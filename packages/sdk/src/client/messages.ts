/**
 * Chinese messages shown for HTTP statuses and transport failures (spec 8.2, 8.3).
 * The server answers with the same texts, so a user sees one wording whichever side noticed the problem.
 *
 * @example
 * httpStatusMessage(426) // '用户名不存在或密码错误'
 */
export const HTTP_STATUS_MESSAGES: Readonly<Record<string, string>> = Object.freeze({
  '000': '操作太频繁，请勿重复请求',
  '401': '登录已过期，请重新登录',
  '403': '当前操作没有权限，请联系管理员授权',
  '404': '该服务暂不可用，请稍后再试或拨打 12329 咨询',
  '417': '未绑定登录账号，请使用密码登录后再绑定',
  '423': '演示环境不能操作',
  '426': '用户名不存在或密码错误',
  '428': '验证码错误，请重新输入',
  '429': '请求过于频繁，请稍后再试',
  '479': '演示环境，没有权限操作',
});

/** Message for any status the catalogue does not name (spec 8.2 "other"). */
export const DEFAULT_ERROR_MESSAGE = '系统繁忙，请稍后再试或拨打 12329 咨询';
/** Message when a request outlives the configured timeout (spec 8.3). */
export const TIMEOUT_MESSAGE = '网络请求超时，请刷新页面后重试';
/** Message when no response arrives at all (the server is unreachable or the connection dropped). */
export const NETWORK_ERROR_MESSAGE = '网络连接失败，请检查网络后重试';

/**
 * The catalogue message for an HTTP status, or the default one.
 *
 * @example
 * httpStatusMessage(404) // '该服务暂不可用，请稍后再试或拨打 12329 咨询'
 * httpStatusMessage(502) // '系统繁忙，请稍后再试或拨打 12329 咨询'
 */
export function httpStatusMessage(status: number | string): string {
  const key = typeof status === 'number' ? String(status).padStart(3, '0') : status;
  return HTTP_STATUS_MESSAGES[key] ?? DEFAULT_ERROR_MESSAGE;
}

/**
 * The message to show for a failed call: the error's own (the server's `msg`, or this catalogue's words for an HTTP
 * or transport failure), else `fallback` for a rejection that carries none (not an Error, or an empty message).
 *
 * @example
 * errorMessage(new BusinessError('记录不存在', 500, envelope), '加载失败，请稍后重试') // '记录不存在'
 * errorMessage(undefined, '加载失败，请稍后重试') // '加载失败，请稍后重试'
 */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
