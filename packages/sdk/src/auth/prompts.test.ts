import { describe, expect, it } from 'vitest';
import { fakeCentre, ok } from '../test-support/fake-centre';
import {
  PROMPT_PATHS,
  PROMPT_TEXTS,
  infoCheckPrompt,
  interestStatementPrompt,
  loadLoginPrompts,
  promptButtons,
} from './prompts';
import { SHELL_PATHS } from './shell-api';

describe('infoCheckPrompt (spec 4.3)', () => {
  it('complete information, an unknown status or a developer: no prompt', () => {
    expect(infoCheckPrompt({ status: 0 }, { loginType: 1 })).toBeNull();
    expect(infoCheckPrompt({ status: 7 }, { loginType: 2 })).toBeNull();
    expect(infoCheckPrompt(null, { loginType: 1 })).toBeNull();
    for (const status of [1, 2, 3]) expect(infoCheckPrompt({ status }, { loginType: 3 })).toBeNull();
  });

  it('an individual with status 1 or 3 completes the information; the flexible-employment role on its own page', () => {
    for (const status of [1, 3]) {
      expect(infoCheckPrompt({ status }, { loginType: 1 })).toEqual({
        text: PROMPT_TEXTS.personalIncomplete,
        path: PROMPT_PATHS.personalInfoChange,
      });
    }
    expect(infoCheckPrompt({ status: 1 }, { loginType: 1, roles: ['lhjyjczgry'] })?.path).toBe(PROMPT_PATHS.flexibleInfoChange);
  });

  it('status 2 sends an individual to the counter', () => {
    expect(infoCheckPrompt({ status: 2 }, { loginType: 1 })).toEqual({ text: PROMPT_TEXTS.personalCounter });
  });

  it('a unit completes its information, or its key information through the change page when granted', () => {
    expect(infoCheckPrompt({ status: 3 }, { loginType: 2 })).toEqual({ text: PROMPT_TEXTS.unitIncomplete, path: PROMPT_PATHS.unitInfoChange });
    expect(infoCheckPrompt({ status: 2 }, { loginType: 2, canOpen: (p) => p === PROMPT_PATHS.unitKeyInfoChange })).toEqual({
      text: PROMPT_TEXTS.unitKeyChange,
      path: PROMPT_PATHS.unitKeyInfoChange,
    });
    expect(infoCheckPrompt({ status: 2 }, { loginType: 2, canOpen: () => false })).toEqual({ text: PROMPT_TEXTS.unitCounter });
    expect(infoCheckPrompt({ status: 2 }, { loginType: 2 })).toEqual({ text: PROMPT_TEXTS.unitCounter });
  });
});

describe('interestStatementPrompt', () => {
  it('asks a unit to confirm an unconfirmed statement, naming the year', () => {
    expect(interestStatementPrompt({ confirmed: false, year: 2026 }, { loginType: 2 })).toEqual({
      text: '贵单位尚未确认2026年度单位结息对账单，请先确认后再办理业务。',
      path: '/dwwt/cxyw/dwlxd_cx',
    });
    expect(interestStatementPrompt({ confirmed: false }, { loginType: 2 })?.text).toBe('贵单位尚未确认单位结息对账单，请先确认后再办理业务。');
    expect(interestStatementPrompt({ confirmed: true, year: 2026 }, { loginType: 2 })).toBeNull();
    expect(interestStatementPrompt({ confirmed: false }, { loginType: 1 })).toBeNull();
    expect(interestStatementPrompt({ confirmed: false }, { loginType: 3 })).toBeNull();
  });
});

describe('promptButtons (spec 2.13)', () => {
  it('gives 关闭/去完善 and 关闭/去确认 for the two named paths', () => {
    expect(promptButtons({ text: '', path: '/dwwt/zhxxbg/jcdj_gjbg' }).map((b) => b.label)).toEqual(['关闭', '去完善']);
    expect(promptButtons({ text: '', path: '/dwwt/cxyw/dwlxd_cx' })).toEqual([
      { label: '关闭', action: 'close' },
      { label: '去确认', action: 'go' },
    ]);
  });

  it('gives one 确定 otherwise: push for a named target, ok for a path or nothing', () => {
    expect(promptButtons({ text: '', tzData: { targetName: 'Dwwt/cxyw', params: { a: 1 } } })).toEqual([{ label: '确定', action: 'push' }]);
    expect(promptButtons({ text: '', path: '/grwt/zhxx/zhxxbg/grzhxxbg' })).toEqual([{ label: '确定', action: 'ok' }]);
    expect(promptButtons({ text: '' })).toEqual([{ label: '确定', action: 'ok' }]);
  });
});

describe('loadLoginPrompts', () => {
  it('gives a unit its completeness prompt, then its interest-statement prompt', async () => {
    const c = fakeCentre({
      [SHELL_PATHS.infoCheck]: ok({ status: 1 }),
      [SHELL_PATHS.interestStatement]: ok({ confirmed: false, year: 2026 }),
    });
    const prompts = await loadLoginPrompts(c.client, { loginType: 2 });
    expect(prompts.map((p) => p.path)).toEqual([PROMPT_PATHS.unitInfoChange, PROMPT_PATHS.interestStatement]);
  });

  it('asks an individual only for completeness, skips developers, and skips a failed check', async () => {
    const c = fakeCentre({
      [SHELL_PATHS.infoCheck]: ok({ status: 0 }),
      [SHELL_PATHS.interestStatement]: ok({ confirmed: false }),
    });
    expect(await loadLoginPrompts(c.client, { loginType: 1 })).toEqual([]);
    expect(c.calls).toEqual(['GET /api/izfgjj-zhfw/v1/xxwz/check']);
    expect(await loadLoginPrompts(c.client, { loginType: 3 })).toEqual([]);
    expect(c.calls).toHaveLength(1);
    const failing = fakeCentre({ [SHELL_PATHS.interestStatement]: ok({ confirmed: false, year: 2026 }) });
    expect((await loadLoginPrompts(failing.client, { loginType: 2 })).map((p) => p.path)).toEqual([PROMPT_PATHS.interestStatement]);
  });
});
