import { describe, expect, it } from 'vitest';
import { STATUS, TRANSITIONS, findTransition, transitionRefusal, type Action, type Status } from './status';

// The contract's machine, written out independently of the table: action -> from -> to.
const ALLOWED: Record<Action, Partial<Record<Status, Status>>> = {
  submit: { '00': '01' },
  accept: { '01': '02' },
  complete: { '02': '03' },
  return: { '01': '04', '02': '04' },
  resubmit: { '04': '01' },
  reject: { '01': '05', '02': '05' },
  withdraw: { '01': '06', '04': '06' },
};

const statuses = Object.keys(STATUS) as Status[];
const cases = (Object.keys(ALLOWED) as Action[]).flatMap((action) => statuses.map((from) => [action, from] as const));

describe('the status machine', () => {
  it.each(cases)('%s from %s: allowed exactly where the contract says, to the status it says', (action, from) => {
    const expected = ALLOWED[action][from];
    expect(findTransition(action, from)?.to).toBe(expected);
  });

  it('has no way out of 已办结, 不予受理 and 已撤回', () => {
    for (const end of ['03', '05', '06'] as const) expect(TRANSITIONS.filter((t) => t.from.includes(end))).toEqual([]);
  });

  it('lets only the centre return and reject, and asks them for reasons; only the applicant submits, resubmits and withdraws', () => {
    const by = Object.fromEntries(TRANSITIONS.map((t) => [t.action, [...t.by].sort().join(',')]));
    expect(by).toEqual({
      submit: 'applicant',
      accept: 'centre,system',
      complete: 'centre,system',
      return: 'centre',
      resubmit: 'applicant',
      reject: 'centre',
      withdraw: 'applicant',
    });
    expect(TRANSITIONS.filter((t) => t.needsReasons).map((t) => t.action)).toEqual(['return', 'reject']);
  });

  it('says why a transition is refused in words the applicant knows', () => {
    expect(transitionRefusal('withdraw', '02')).toBe('业务当前状态为“已受理”，不能撤回');
    expect(transitionRefusal('complete', '01')).toBe('业务当前状态为“已提交”，不能办结');
  });
});
