import { describe, expect, it } from 'vitest';
import { checkForm, FORM_MESSAGES, monthCount, periodText } from './jczm-form';

const account = { minMonth: '2024-01', maxMonth: '2026-11' };
const ok = { grzh: '201000000188', from: '2025-12', to: '2026-11', yt: '' };

// The page's checks say what the server would (docs/api-personal.md › 缴存证明), before anything is sent.
describe('the certificate form', () => {
  it('lets a period within the account\'s months go', () => {
    expect(checkForm(ok, account, 36)).toEqual({});
    expect(checkForm({ ...ok, from: '2024-01', to: '2026-11' }, account, 36)).toEqual({});
    // 36 months at most.
    const older = { minMonth: '2015-11', maxMonth: '2026-11' };
    expect(checkForm({ ...ok, from: '2023-12', to: '2026-11' }, older, 36)).toEqual({});
    expect(checkForm({ ...ok, from: '2023-11', to: '2026-11' }, older, 36)).toEqual({ from: '缴存期间最长 36 个月，请缩短起止月份' });
  });

  it('names the field and the rule', () => {
    expect(checkForm({ ...ok, grzh: '' }, account, 36)).toEqual({ grzh: FORM_MESSAGES.grzh });
    expect(checkForm({ ...ok, from: '' }, account, 36)).toEqual({ from: FORM_MESSAGES.fromEmpty });
    expect(checkForm({ ...ok, to: '2026-13' }, account, 36)).toEqual({ to: FORM_MESSAGES.format });
    expect(checkForm({ ...ok, from: '2026-11', to: '2026-10' }, account, 36)).toEqual({ from: '起始月份不能晚于截止月份' });
    expect(checkForm({ ...ok, to: '2026-12' }, account, 36)).toEqual({ to: '截止月份不能晚于本月' });
    expect(checkForm({ ...ok, from: '2023-12' }, account, 36)).toEqual({ from: '起始月份不能早于开户月份（2024-01）' });
  });

  it('counts and words a period', () => {
    expect(monthCount('2025-12', '2026-11')).toBe(12);
    expect(monthCount('2026-11', '2026-10')).toBe(0);
    expect(periodText('2025-12', '2026-11')).toBe('2025年12月至2026年11月');
  });
});
