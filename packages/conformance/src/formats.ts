/**
 * The documented formats of values in answers, by field name (spec and docs/api-*.md): dates 年-月-日, times with a
 * date first, business numbers (业务编号: two letters, four digits of the kind, the date, eight digits), money as
 * yuan with two decimals. Empty strings and null are allowed (a value not yet known).
 */
export const FORMAT_RULES: ReadonlyArray<{ name: string; field: RegExp; value: RegExp; example: string; calls?: RegExp }> = [
  { name: '日期', field: /(rq|Date)$/, value: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, example: '2026-01-31' },
  { name: '时间', field: /(At|^startsj|^endsj|^fbsj)$/, value: /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/, example: '2026-01-31 09:30:00' },
  { name: '业务编号', field: /^ywbh$/, value: /^[A-Z]{2}\d{4}\d{8}\d{8}$/, example: 'TQ01992026120100000001', calls: /\/(ywsq|draftbox|tq|dkyw|wizard)\// },
  // The journal's reference to what moved the money: an application's number, or a remittance's or a settlement's.
  { name: '明细业务编号', field: /^ywbh$/, value: /^[A-Z]{2}\d{10,24}$/, example: 'HJ100200300001202610', calls: /\/(grmx|dwlxd|dwyw)\// },
  { name: '金额', field: /^(grzhye|ye|srje|zcje|yjce|dwyjce|gryjce|tqje|ktqje|dkye|bnlx|income|outgo|opening|closing)$/, value: /^-?\d+\.\d{2}$/, example: '86542.35' },
];

/** Values of the answer of the call at `path` that break a format rule: `where: value (rule, e.g. example)`, at most `limit`. */
export function formatProblems(value: unknown, path = '', limit = 5): string[] {
  const rules = FORMAT_RULES.filter((r) => !r.calls || r.calls.test(path));
  const out: string[] = [];
  const walk = (v: unknown, path: string, key: string) => {
    if (out.length >= limit) return;
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}/${i}`, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${path}/${k}`, k);
    else if (typeof v === 'string' && v !== '') {
      const rule = rules.find((r) => r.field.test(key));
      if (rule && !rule.value.test(v)) out.push(`${path}: ${JSON.stringify(v)} 不是${rule.name}格式（如 ${rule.example}）`);
    }
  };
  walk(value, '', '');
  return out;
}

/** Whether a text is Chinese (has at least one CJK ideograph). */
export const isChinese = (text: unknown): boolean => typeof text === 'string' && /[\u4e00-\u9fff]/.test(text);
