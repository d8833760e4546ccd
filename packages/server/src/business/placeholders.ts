import { DEFAULT_PERSONAL_MATERIALS, UNIT_MATERIALS } from './materials';
import { defineBusiness, type Business, type BusinessMaterial, type JsonSchema } from './types';

/**
 * The businesses of spec 2.4 that later issues fill in: registered now with their name, who may apply and their time
 * limit, so the spine (numbers, status, restrictions, the centre's decisions) covers every code. Their payload
 * schema is a permissive placeholder (any flat form of texts, numbers and true/false, or lists of texts), their
 * completion changes no records yet; the centre decides every one (no automatic rule).
 */

/** What a placeholder form's field that is none of those gets. */
export const PLACEHOLDER_FIELD_MESSAGE = '业务表单的每一项只能是文字（至多 2000 字）、数字、是否或文字列表';

/** The placeholder payload schema: a flat form, up to 100 fields of bounded texts, numbers, flags or text lists. */
export const PLACEHOLDER_SCHEMA: JsonSchema = {
  type: 'object',
  description: '业务表单（占位：该业务的表单由后续版本定义）',
  maxProperties: 100,
  propertyNames: { pattern: '^[A-Za-z][A-Za-z0-9_]{0,39}$', 'x-msg': '业务表单的字段名只能由字母开头的字母、数字和下划线组成' },
  additionalProperties: {
    anyOf: [
      { type: 'string', maxLength: 2000, 'x-msg': PLACEHOLDER_FIELD_MESSAGE },
      { type: 'number', 'x-msg': PLACEHOLDER_FIELD_MESSAGE },
      { type: 'boolean', 'x-msg': PLACEHOLDER_FIELD_MESSAGE },
      { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 500 }, 'x-msg': PLACEHOLDER_FIELD_MESSAGE },
    ],
  },
  'x-msg': '业务表单的格式不正确',
};

type Row = [ywlx: string, ywmc: string, area: Business['area'], loginTypes: ReadonlyArray<1 | 2 | 3>, timeLimitDays: number, allowsSealed?: boolean];

const UNIT: ReadonlyArray<1 | 2 | 3> = [2];
const PERSON: ReadonlyArray<1 | 2 | 3> = [1];
const DEVELOPER: ReadonlyArray<1 | 2 | 3> = [3];

/** Code, name, area, login types, 承诺时限 (working days), whether a sealed account may apply. */
export const PLACEHOLDER_ROWS: readonly Row[] = [
  ['GJ0303', '个人关键信息变更', 'unit', UNIT, 3],
  ['GJ0102', '单位缴存登记信息变更', 'unit', UNIT, 3],
  ['GJ0103', '单位关键信息变更', 'unit', UNIT, 5],
  ['GJ0101', '单位缴存登记', 'unit', UNIT, 5],
  ['GJ0306', '同城转移', 'unit', UNIT, 3],
  ['YT1101', '异地贷款冲还贷签约', 'loan', PERSON, 5],
  ['KH0103', '开发商信息维护', 'developer', DEVELOPER, 3],
];

/**
 * Placeholders with a materials table of their own; the others take the personal or unit default. (TQ0106's moved
 * with it to business/withdrawals/tq0106.ts; TQ0102 and TQ0199 are business/withdrawals/tq0102.ts and tq0199.ts.)
 */
export const PLACEHOLDER_MATERIALS: Readonly<Record<string, ReadonlyArray<BusinessMaterial>>> = {};

/** The placeholder businesses, one per row. */
export const PLACEHOLDERS: readonly Business[] = PLACEHOLDER_ROWS.map(([ywlx, ywmc, area, loginTypes, timeLimitDays, allowsSealed]) =>
  defineBusiness<Record<string, unknown>>({
    ywlx,
    ywmc,
    area,
    loginTypes,
    timeLimitDays,
    schema: PLACEHOLDER_SCHEMA,
    placeholder: true,
    ...(allowsSealed ? { allowsSealedAccount: true } : {}),
    rules: [],
    materials: PLACEHOLDER_MATERIALS[ywlx] ?? (loginTypes.includes(1) ? DEFAULT_PERSONAL_MATERIALS : UNIT_MATERIALS),
    // Later issues: a withdrawal posts to the journal, a seal changes the account, … in this same transaction.
    complete: async () => undefined,
  }),
);
