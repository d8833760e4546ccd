import { describe, expect, it } from 'vitest';
import { hasValue, withoutRepeatedTitle } from './policy-body';

const TITLE = '关于调整住房公积金贷款最高额度的通知';

describe('withoutRepeatedTitle', () => {
  it('drops a leading heading or paragraph that only repeats the title', () => {
    expect(withoutRepeatedTitle(`<h2>${TITLE}</h2><p>各有关单位：</p>`, TITLE)).toBe('<p>各有关单位：</p>');
    expect(withoutRepeatedTitle(`  <h1 class="t">${TITLE}</h1>\n<p>正文</p>`, TITLE)).toBe('<p>正文</p>');
    expect(withoutRepeatedTitle(`<p style="text-align:center"><strong>${TITLE} </strong></p><p>正文</p>`, TITLE)).toBe('<p>正文</p>');
  });

  it('keeps a body whose first block says something else, or only starts with the title', () => {
    const other = '<h2>一、适用范围</h2><p>正文</p>';
    expect(withoutRepeatedTitle(other, TITLE)).toBe(other);
    const longer = `<p>${TITLE}自发布之日起施行。</p>`;
    expect(withoutRepeatedTitle(longer, TITLE)).toBe(longer);
    const later = `<p>各有关单位：</p><h2>${TITLE}</h2>`;
    expect(withoutRepeatedTitle(later, TITLE)).toBe(later);
    expect(withoutRepeatedTitle('', TITLE)).toBe('');
    expect(withoutRepeatedTitle('<h2></h2><p>正文</p>', '')).toBe('<h2></h2><p>正文</p>');
  });
});

describe('hasValue', () => {
  it('is false for a missing, empty or blank value and true for any text', () => {
    expect([null, undefined, '', '  '].map(hasValue)).toEqual([false, false, false, false]);
    expect(hasValue('住房公积金管理中心')).toBe(true);
  });
});
