// The project form's pure checks (楼盘信息登记 KH0201, 楼盘信息变更 KH0202; docs/api-developer.md): the same bounds
// and words as the server's schema and rule rows, for comfort; the server checks them all again.

/** The answers as the wizard keeps them (texts). */
export type ProjectValues = Record<string, string>;

export const PROJECT_BLANK: ProjectValues = {
  xmmc: '',
  qy: '',
  xmdz: '',
  ysxkzh: '',
  lds: '',
  zts: '',
  kpsj: '',
  jgzd: '',
  jgzg: '',
  jdxdb: '',
  jgyh: '',
  jgzh: '',
  lxdh: '',
};

export const GUARANTEE_CHOICES: ReadonlyArray<readonly [string, string]> = [
  ['1', '提供阶段性担保'],
  ['0', '不提供'],
];

const t = (v: ProjectValues, f: string) => (v[f] ?? '').trim();

/**
 * A list typed in one field: split on 、 , ， ; ； and line breaks, blanks dropped.
 *
 * @example splitList('1号楼、2号楼, 3号楼') // ['1号楼', '2号楼', '3号楼']
 */
export const splitList = (text: string): string[] =>
  text
    .split(/[、,，;；\n]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Money typed in yuan to fen, exactly (no floating point); null when it is not an amount of at most two decimals.
 *
 * @example priceFen('21500.5') // 2150050n
 */
export function priceFen(text: string): bigint | null {
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}

const validDate = (s: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
};

function listError(items: string[], what: string, max: number, each: number): string {
  if (items.length === 0) return `请填写${what}`;
  if (items.length > max) return `${what}至多 ${max} 个`;
  if (new Set(items).size !== items.length) return `${what}不能重复`;
  if (items.some((i) => [...i].length > each)) return `每个${what}至多 ${each} 个字`;
  return '';
}

/** Errors of step 1 (楼盘信息). */
export function projectErrors(v: ProjectValues): Record<string, string> {
  const e: Record<string, string> = {};
  const len = (f: string) => [...t(v, f)].length;
  if (!t(v, 'xmmc')) e.xmmc = '请填写楼盘名称';
  else if (len('xmmc') < 2 || len('xmmc') > 60) e.xmmc = '楼盘名称为 2 至 60 个字，前后不能有空格';
  if (!t(v, 'qy')) e.qy = '请填写所在区域';
  else if (len('qy') < 2 || len('qy') > 20) e.qy = '所在区域为 2 至 20 个字';
  if (!t(v, 'xmdz')) e.xmdz = '请填写楼盘地址';
  else if (len('xmdz') < 5 || len('xmdz') > 200) e.xmdz = '楼盘地址为 5 至 200 个字';
  const permits = splitList(v.ysxkzh ?? '');
  const permitError = listError(permits, '预售许可证号', 20, 60) || (permits.some((p) => [...p].length < 4) ? '每个预售许可证号为 4 至 60 个字' : '');
  if (permitError) e.ysxkzh = permitError;
  const buildingError = listError(splitList(v.lds ?? ''), '楼栋', 100, 20);
  if (buildingError) e.lds = buildingError;
  const zts = t(v, 'zts');
  if (!zts) e.zts = '请填写总套数';
  else if (!/^[1-9]\d{0,5}$/.test(zts) || Number(zts) > 100000) e.zts = '总套数为 1 至 100000 的整数';
  const kpsj = t(v, 'kpsj');
  if (!kpsj) e.kpsj = '请填写开盘时间';
  else if (!validDate(kpsj)) e.kpsj = '开盘时间格式应为 YYYY-MM-DD，如 2026-12-20';
  return e;
}

/** Errors of step 2 (价格、担保与监管账户): the price range as the server's rows (lowest above 0, highest not below it). */
export function priceErrors(v: ProjectValues): Record<string, string> {
  const e: Record<string, string> = {};
  const min = priceFen(t(v, 'jgzd'));
  const max = priceFen(t(v, 'jgzg'));
  if (!t(v, 'jgzd')) e.jgzd = '请填写参考价格最低价';
  else if (min === null) e.jgzd = '参考价格为至多两位小数的金额（元/平方米）';
  else if (min === 0n) e.jgzd = '参考价格的最低价应大于 0';
  if (!t(v, 'jgzg')) e.jgzg = '请填写参考价格最高价';
  else if (max === null) e.jgzg = '参考价格为至多两位小数的金额（元/平方米）';
  else if (min !== null && max < min) e.jgzg = '参考价格的最高价不能低于最低价';
  if (v.jdxdb !== '0' && v.jdxdb !== '1') e.jdxdb = '请选择是否提供阶段性担保';
  if (!t(v, 'jgyh')) e.jgyh = '请选择监管银行';
  const jgzh = t(v, 'jgzh').replace(/\s/g, '');
  if (!jgzh) e.jgzh = '请填写预售资金监管账号';
  else if (!/^\d{8,30}$/.test(jgzh)) e.jgzh = '监管账号为 8 至 30 位数字';
  const lxdh = t(v, 'lxdh');
  if (!lxdh) e.lxdh = '请填写售楼电话';
  else if (!/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/.test(lxdh)) e.lxdh = '售楼电话应为手机号码或带区号的固定电话';
  return e;
}

/** The application's payload from the answers (a change adds its project's number). */
export function projectPayload(v: ProjectValues, xmbh?: string): Record<string, unknown> {
  return {
    ...(xmbh ? { xmbh } : {}),
    xmmc: t(v, 'xmmc'),
    qy: t(v, 'qy'),
    xmdz: t(v, 'xmdz'),
    ysxkzh: splitList(v.ysxkzh ?? ''),
    lds: splitList(v.lds ?? ''),
    zts: Number(t(v, 'zts')),
    kpsj: t(v, 'kpsj'),
    jgzd: t(v, 'jgzd'),
    jgzg: t(v, 'jgzg'),
    jdxdb: v.jdxdb === '1' ? '1' : '0',
    jgyh: t(v, 'jgyh'),
    jgzh: t(v, 'jgzh').replace(/\s/g, ''),
    lxdh: t(v, 'lxdh'),
  };
}

/** A project's facts as the server answers them (lpxx/detail), as the wizard's answers. */
export function valuesOf(detail: {
  xmmc: string; qy: string; xmdz: string; ysxkzh: string[]; lds: string[]; zts: number; kpsj: string; jgzd: string; jgzg: string; jdxdb: string; jgyh: string; jgzh: string; lxdh: string;
}): ProjectValues {
  return {
    xmmc: detail.xmmc,
    qy: detail.qy,
    xmdz: detail.xmdz,
    ysxkzh: detail.ysxkzh.join('、'),
    lds: detail.lds.join('、'),
    zts: String(detail.zts),
    kpsj: detail.kpsj,
    jgzd: detail.jgzd,
    jgzg: detail.jgzg,
    jdxdb: detail.jdxdb,
    jgyh: detail.jgyh,
    jgzh: detail.jgzh,
    lxdh: detail.lxdh,
  };
}
