import { EVALUATION_COMMENT_MAX, type EvaluationForm } from '@gjj-hall/sdk/public';

/** Messages of the evaluation form (/startEvaluation). */
export const EVALUATION_MESSAGES = Object.freeze({
  itemEmpty: '请选择评价事项',
  levelEmpty: '请选择满意度',
  commentLong: `评价内容不能超过 ${EVALUATION_COMMENT_MAX} 个字`,
});

/** Characters as a person counts them (a character outside the BMP is one, as the server counts). */
export const commentLength = (text: string): number => [...text].length;

/**
 * Checks an evaluation before it is sent: an empty record means it may go. The comment is optional.
 *
 * @example
 * validateEvaluation({ sxbm: '', myd: '5', pjnr: '' }) // { sxbm: '请选择评价事项' }
 */
export function validateEvaluation(form: EvaluationForm): Partial<Record<keyof EvaluationForm, string>> {
  const errors: Partial<Record<keyof EvaluationForm, string>> = {};
  if (!form.sxbm.trim()) errors.sxbm = EVALUATION_MESSAGES.itemEmpty;
  if (!/^[1-5]$/.test(form.myd)) errors.myd = EVALUATION_MESSAGES.levelEmpty;
  if (commentLength(form.pjnr ?? '') > EVALUATION_COMMENT_MAX) errors.pjnr = EVALUATION_MESSAGES.commentLong;
  return errors;
}
