import { describe, expect, it } from 'vitest';
import { EDUCATION, FIELDS, gj0302Payload, type Current } from './gj0302-form';

const ON_FILE: Current = {
  ...(Object.fromEntries(FIELDS.map((f) => [f, ''])) as Current),
  xingming: '冯信息',
  zjhm: '110***********6027',
  txdz: '示范市历下区泉城路 8 号',
  yzbm: '250011',
  hyzk: '20',
  poxm: '王配偶',
  pozjhm: '110***********7034',
};
const form = (changes: Partial<Current>) => ({ ...ON_FILE, xingming: '', zjhm: '', ...changes });

describe('gj0302Payload: only what changed is sent', () => {
  it('sends nothing when the form is as on file (the masked ID numbers included)', () => {
    expect(gj0302Payload(form({}), ON_FILE)).toEqual({});
  });

  it('sends a changed field, trimmed, and leaves the others out', () => {
    expect(gj0302Payload(form({ txdz: '  示范市市中区经七路 100 号 ' }), ON_FILE)).toEqual({ txdz: '示范市市中区经七路 100 号' });
  });

  it('sends the key fields only when typed (they start blank), ID numbers in upper case', () => {
    expect(gj0302Payload(form({ xingming: '冯新名', zjhm: '11010519920202602x' }), ON_FILE)).toEqual({ xingming: '冯新名', zjhm: '11010519920202602X' });
  });

  it('drops the spouse once the status is no longer 已婚', () => {
    expect(gj0302Payload(form({ hyzk: '40', poxm: '李新', pozjhm: '110105198803037034' }), ON_FILE)).toEqual({ hyzk: '40' });
  });

  it('sends a new spouse while married', () => {
    expect(gj0302Payload(form({ poxm: '李新', pozjhm: '110105198803037034' }), ON_FILE)).toEqual({ poxm: '李新', pozjhm: '110105198803037034' });
  });

  it('offers the server’s eleven education levels in words', () => {
    expect(EDUCATION.map(([v]) => v)).toContain('大学本科');
    expect(EDUCATION).toHaveLength(11);
  });
});
