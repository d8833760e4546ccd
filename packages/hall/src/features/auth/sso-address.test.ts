import { describe, expect, it } from 'vitest';
import { readZwLoginAddress } from './sso-address';

describe('readZwLoginAddress', () => {
  it('reads the platform’s return, whatever of authCode and state it carries', () => {
    expect(readZwLoginAddress('#/zwLogin?authCode=abc-123&state=s1')).toEqual({ opened: false, authCode: 'abc-123', state: 's1' });
    // Half a return is still a return: the state check refuses it, it does not start a new sign-in.
    expect(readZwLoginAddress('#/zwLogin?authCode=abc-123')).toEqual({ opened: false, authCode: 'abc-123', state: null });
    expect(readZwLoginAddress('#/zwLogin?state=s1')).toEqual({ opened: false, authCode: null, state: 's1' });
    expect(readZwLoginAddress('#/zwLogin?state=')).toEqual({ opened: false, authCode: null, state: '' });
  });

  it('takes an address with neither as the platform opening the hall', () => {
    expect(readZwLoginAddress('#/zwLogin')).toEqual({ opened: true });
    expect(readZwLoginAddress('#/zwLogin?')).toEqual({ opened: true });
    expect(readZwLoginAddress('#/zwLogin?from=gov')).toEqual({ opened: true });
    expect(readZwLoginAddress('')).toEqual({ opened: true });
  });
});
