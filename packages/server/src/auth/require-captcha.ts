import type { Queryable } from '../db/db';
import { ApiError } from '../http/envelope';
import { captchaMatches } from './captcha';
import type { HumanCheckAction } from './human-check';

/** Answered (428) when a call that needs a picture captcha comes without one. */
export const CAPTCHA_MISSING_MESSAGE = '请输入图形验证码';
/** Answered (428) for a wrong, used or expired picture captcha: the page fetches a new one. */
export const CAPTCHA_WRONG_MESSAGE = '图形验证码错误或已失效，请重新输入';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/**
 * The two fields a call that needs a captcha takes (query or body): `uuid` of GET getImgCode and the `code` typed.
 * Optional in the schema, so that a call without them is refused by {@link requireCaptcha} (428) like a wrong one,
 * after the same work.
 *
 * @example
 * querystring: { type: 'object', required: ['phoneDec'], properties: { phoneDec, ...CAPTCHA_FIELDS } }
 */
export const CAPTCHA_FIELDS = {
  uuid: { type: 'string', maxLength: 36, description: '图形验证码标识（getImgCode 的 uuid）', 'x-msg': CAPTCHA_WRONG_MESSAGE },
  code: { type: 'string', maxLength: 6, description: '图形验证码', 'x-msg': CAPTCHA_WRONG_MESSAGE },
} as const;

/** What a request carries of a captcha. */
export interface CaptchaInput {
  uuid?: string | undefined;
  code?: string | undefined;
}

/**
 * Checks and spends the picture captcha of a call before sign-in (the captcha table: single use, 2 minutes). Spent
 * whatever the answer and whatever follows, so one captcha buys one try. Throws 428 with
 * {@link CAPTCHA_MISSING_MESSAGE} when none was sent and {@link CAPTCHA_WRONG_MESSAGE} when it is wrong, used,
 * expired or unknown. Call it first, before looking anything up. A picture's captcha is good for any call; one
 * redeemed for a proof of work (auth/human-check.ts) only for the `action` it was solved for (`'sms'` unless said).
 *
 * @example
 * await requireCaptcha(db, request.query, now())
 */
export async function requireCaptcha(db: Queryable, input: CaptchaInput, at: Date, action: HumanCheckAction = 'sms'): Promise<void> {
  const uuid = input.uuid?.trim() ?? '';
  const code = input.code?.trim() ?? '';
  if (!uuid || !code) throw new ApiError(428, CAPTCHA_MISSING_MESSAGE);
  if (!UUID.test(uuid)) throw new ApiError(428, CAPTCHA_WRONG_MESSAGE);
  const [row] = await db.query<{ answer: string }>(
    'update captcha set used_at = $2 where uuid = $1 and used_at is null and expires_at > $2 and (action is null or action = $3) returning answer',
    [uuid, at, action],
  );
  if (!row || !captchaMatches(code, row.answer)) throw new ApiError(428, CAPTCHA_WRONG_MESSAGE);
}
