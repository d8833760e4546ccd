import { describe, expect, it } from 'vitest';
import { EVALUATION_MESSAGES, commentLength, validateEvaluation } from './evaluation-form';

describe('validateEvaluation', () => {
  it('passes a chosen item and level, with or without a comment', () => {
    expect(validateEvaluation({ sxbm: 'TQ01', myd: '5' })).toEqual({});
    expect(validateEvaluation({ sxbm: 'TQ01', myd: '1', pjnr: '办理很快' })).toEqual({});
  });

  it('names every missing choice at once, in the spec wording', () => {
    expect(validateEvaluation({ sxbm: '', myd: '', pjnr: '' })).toEqual({
      sxbm: EVALUATION_MESSAGES.itemEmpty,
      myd: EVALUATION_MESSAGES.levelEmpty,
    });
    expect(EVALUATION_MESSAGES).toMatchObject({ itemEmpty: '请选择评价事项', levelEmpty: '请选择满意度' });
    expect(validateEvaluation({ sxbm: 'TQ01', myd: '6' }).myd).toBe('请选择满意度');
  });

  it('takes 200 characters and refuses 201, counting characters, not UTF-16 units', () => {
    expect(validateEvaluation({ sxbm: 'TQ01', myd: '3', pjnr: '好'.repeat(200) })).toEqual({});
    expect(validateEvaluation({ sxbm: 'TQ01', myd: '3', pjnr: '好'.repeat(201) }).pjnr).toBe('评价内容不能超过 200 个字');
    expect(commentLength('😀'.repeat(200))).toBe(200);
    expect(validateEvaluation({ sxbm: 'TQ01', myd: '3', pjnr: '😀'.repeat(200) })).toEqual({});
  });
});
