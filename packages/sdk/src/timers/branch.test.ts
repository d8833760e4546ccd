import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultBranchOutlet } from './branch';

const WDXX = [
  { key: '1', value: '市本级' },
  { key: '2', value: '高新区' },
];

describe('defaultBranchOutlet', () => {
  it("takes the user's groupBh when it is not 0, as a string", () => {
    expect(defaultBranchOutlet({ groupBh: 2 }, WDXX)).toBe('2');
    expect(defaultBranchOutlet({ groupBh: '3' }, [{ key: '1', value: '市本级' }])).toBe('3');
  });

  it('else the only outlet of the dictionary, in either entry shape', () => {
    expect(defaultBranchOutlet({ groupBh: 0 }, [{ key: '4', value: '开发区' }])).toBe('4');
    expect(defaultBranchOutlet({ groupBh: '0' }, [{ value: 3, title: '高新区' }])).toBe('3');
    // The config store's normalised shape { value, label } works too.
    expect(defaultBranchOutlet({}, [{ value: '1', label: '市本级' }])).toBe('1');
    // With a title beside it, value is the code (as the config store reads it), whatever key says.
    expect(defaultBranchOutlet({}, [{ key: 'WDXX', value: '2', title: '高新区' }])).toBe('2');
    // Disabled outlets are not in use, so one enabled outlet is "the single outlet".
    expect(defaultBranchOutlet({ groupBh: 0 }, [{ key: '1', value: '市本级' }, { key: '9', value: '撤销', enable: 0 }])).toBe('1');
  });

  it("else '' (several outlets, or none)", () => {
    expect(defaultBranchOutlet({ groupBh: 0 }, WDXX)).toBe('');
    expect(defaultBranchOutlet({ groupBh: '00' }, [])).toBe('');
    expect(defaultBranchOutlet(null, WDXX)).toBe('');
  });

  it("gives '' or the groupBh for malformed input, never throws", () => {
    expect(defaultBranchOutlet(undefined, undefined)).toBe('');
    expect(defaultBranchOutlet('user', 'WDXX')).toBe('');
    expect(defaultBranchOutlet({ groupBh: Number.NaN }, [null, 7, { key: '' }, { key: '5' }])).toBe('5');
    expect(defaultBranchOutlet({ groupBh: { id: 2 } }, [{ title: '无编码' }])).toBe('');
    const hostile = new Proxy({}, { get: () => { throw new Error('boom'); } });
    expect(defaultBranchOutlet(hostile, [hostile])).toBe('');
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (user, dict) => {
        expect(typeof defaultBranchOutlet(user, dict)).toBe('string');
      }),
    );
  });
});
