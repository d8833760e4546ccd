/**
 * The template of the authorisation letter (授权委托书), as data: pdf.ts lays it out and fills in the applicant's
 * data (docs/api-archive.md › The authorisation letter).
 */

/** What the letter is filled with. */
export interface LetterData {
  /** 委托人: the person's name, or the unit's name. */
  name: string;
  /** 证件号码 (a person) or 单位账号 (a unit). */
  idLabel: string;
  idNumber: string;
  ywmc: string;
  ywbh: string;
  /** The date of the letter, YYYY年M月D日 (centre time). */
  date: string;
}

export const LETTER_TITLE = '授权委托书';

/** The lines of the letter above the signature box: `[label, value]`, or a paragraph as `[text]`. */
export function letterLines(d: LetterData): Array<[string, string] | [string]> {
  return [
    ['委托人', d.name],
    [d.idLabel, d.idNumber],
    ['办理事项', d.ywmc],
    ['业务编号', d.ywbh],
    [
      `本人（单位）委托住房公积金管理中心通过网上业务大厅受理并办理上述“${d.ywmc}”业务，授权中心向有关部门核查` +
        '本人（单位）提交的信息，并确认所提交的申请材料真实、合法、有效。本人（单位）对上述事项承担相应的法律责任。',
    ],
    ['本授权委托书自签署之日起至上述业务办结之日止有效。'],
  ];
}

export const SIGNATURE_LABEL = '委托人签字：';
export const SIGNED_AT_LABEL = '签署时间：';
