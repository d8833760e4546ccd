import { describe, expect, it } from 'vitest';
import { agreeLabel, agreementError, decodeNoticeText, noticeWaitSeconds } from './handling-notice';

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('the handling notice (spec 2.12, 4.10)', () => {
  it('waits the configured seconds, or 5', () => {
    expect(noticeWaitSeconds('10')).toBe(10);
    expect(noticeWaitSeconds(3)).toBe(3);
    expect(noticeWaitSeconds('0')).toBe(0);
    for (const bad of ['', 'x', '-1', '2.5', '601', null, undefined]) expect(noticeWaitSeconds(bad)).toBe(5);
  });

  it('counts down on the agree button', () => {
    expect(agreeLabel(5)).toBe('确认（5 秒后可用）');
    expect(agreeLabel(0)).toBe('确认');
  });

  it('asks for the box to be ticked', () => {
    expect(agreementError(false)).toBe('请先阅读并同意条款约定');
    expect(agreementError(true)).toBe('');
  });

  it('decodes the base64 notice text, and says when it is empty or unreadable', () => {
    expect(decodeNoticeText(base64('一、办理条件：……'))).toBe('一、办理条件：……');
    expect(decodeNoticeText('')).toBe('解析数据为空！');
    expect(decodeNoticeText(base64('   '))).toBe('解析数据为空！');
    expect(decodeNoticeText('%%%')).toBe('解析数据为空！');
    expect(decodeNoticeText(Buffer.from([0xff, 0xfe]).toString('base64'))).toBe('解析数据为空！');
    expect(decodeNoticeText(42)).toBe('解析数据为空！');
  });
});
