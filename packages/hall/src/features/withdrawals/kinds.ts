/**
 * The eight withdrawal kinds of the hall (docs/api-withdrawals.md › The form), as data: the facts each asks, their
 * page checks (the server checks all of them again), the payload and the rows of 核对信息. One page
 * (withdrawal-pages.tsx) draws any of them; nothing here touches the DOM, so it is tested on its own (kinds.test.ts).
 */
import { isIdCard } from '@gjj-hall/sdk/validate';
import { amountError, cardError, yuanToFen } from './form';

/** The answers of the form: field name to text ('' when not answered; '1' for a ticked box). */
export type Answers = Record<string, string>;
export type Errors = Record<string, string>;

/** How a fact is asked. */
export type FactKind = 'text' | 'date' | 'money' | 'select' | 'textarea' | 'check';

export interface Fact {
  name: string;
  label: string;
  kind: FactKind;
  /** The options of a select: [code, words]. */
  options?: ReadonlyArray<readonly [string, string]>;
  maxLength?: number;
  hint?: string;
  /** Not required (money: '' means none). */
  optional?: boolean;
  /** Asked only when this holds for the answers (a hidden fact is neither checked nor sent). */
  when?: (a: Answers) => boolean;
  /** The required message when it is empty (default 请输入/请选择 + label). */
  required?: string;
  /** Further checks of a non-empty answer ('' when fine). */
  check?: (value: string, a: Answers) => string;
}

export interface WithdrawalKind {
  ywlx: string;
  /** The menu path's last part under /grwt/tqSys/tqyw/. */
  path: string;
  title: string;
  /** Closes the account: the whole balance with interest, no amount typed. */
  closing: boolean;
  /** The title of the facts step. */
  factsTitle: string;
  facts: readonly Fact[];
  /** Checks across facts ('' fields are left to the facts' own). */
  across?: (a: Answers) => Errors;
  /** The answers the server's limit depends on (tq/ktqje is asked again when one of them changes). */
  limitFields: readonly string[];
  /** The rows of 核对信息 for the facts (form step 0). */
  rows: (a: Answers) => ReadonlyArray<readonly [string, string]>;
  /** The QR-signed authorisation letter is among the materials for these answers. */
  letter?: (a: Answers) => boolean;
  /** What the confirmation says when the application waits for the centre. */
  pending?: string;
  /** What it says when the automatic rule completed it at once. */
  instant?: string;
}

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const MONEY = /^(0|[1-9]\d{0,9})(\.\d{1,2})?$/;
const v = (a: Answers, f: string) => (a[f] ?? '').trim();
const money = (text: string) => (yuanToFen(text) ?? 0n);
const yuan = (text: string) => (text ? `${text} 元` : '—');
const optionText = (options: Fact['options'], code: string) => options?.find(([c]) => c === code)?.[1] ?? '';

/** An 18-digit ID number with its check character (GB 11643). */
export function idNumberError(text: string): string {
  const s = text.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(s)) return '身份证号码应为 18 位';
  return isIdCard(s) ? '' : '身份证号码校验不通过，请核对';
}

const dateFact = (name: string, label: string, extra: Partial<Fact> = {}): Fact => ({ name, label, kind: 'date', maxLength: 10, hint: '格式：2026-03-01', ...extra });
const moneyFact = (name: string, label: string, extra: Partial<Fact> = {}): Fact => ({ name, label, kind: 'money', maxLength: 16, ...extra });

export const JZLX = [
  ['1', '建造'],
  ['2', '翻建'],
  ['3', '大修'],
] as const;
export const JDJL = [
  ['01', '完全丧失劳动能力'],
  ['02', '大部分丧失劳动能力'],
] as const;
export const DKLX = [
  ['1', '本中心住房公积金贷款'],
  ['2', '商业银行住房贷款'],
] as const;
export const QTYY = [
  ['09', '大病医疗'],
  ['99', '其他（生活困难等）'],
] as const;
export const HZGX = [
  ['1', '本人'],
  ['2', '配偶'],
  ['3', '父母'],
  ['4', '子女'],
] as const;

const potq = (a: Answers) => a.potq === '1';

/** The kinds, in the order of the menu (spec 2.4). */
export const WITHDRAWAL_KINDS: readonly WithdrawalKind[] = [
  {
    ywlx: 'TQ0101',
    path: 'gmzzf',
    title: '购买自住住房提取',
    closing: false,
    factsTitle: '购房信息',
    facts: [
      { name: 'gfht', label: '购房合同编号或不动产权证号', kind: 'text', maxLength: 50 },
      { name: 'fwzl', label: '房屋坐落', kind: 'text', maxLength: 200, check: (s) => (s.length < 2 ? '请输入房屋坐落' : '') },
      dateFact('gfrq', '购房日期', { hint: '合同签订或不动产登记日期，格式：2026-03-01' }),
      moneyFact('fwzj', '房屋总价（元）'),
      moneyFact('dkje', '贷款金额（元）', { optional: true, hint: '没有贷款的不填' }),
      { name: 'potq', label: '配偶共同提取同一套住房', kind: 'check', optional: true },
      { name: 'poxm', label: '配偶姓名', kind: 'text', maxLength: 50, when: potq },
      { name: 'pozjhm', label: '配偶身份证号码', kind: 'text', maxLength: 18, when: potq, check: idNumberError },
    ],
    across: (a): Errors => (MONEY.test(v(a, 'fwzj')) && MONEY.test(v(a, 'dkje')) && money(v(a, 'dkje')) > money(v(a, 'fwzj')) ? { dkje: '贷款金额不能超过房屋总价' } : {}),
    limitFields: ['gfht', 'fwzj', 'dkje'],
    rows: (a) => [
      ['购房合同', `${v(a, 'gfht')}（${v(a, 'fwzl')}）`],
      ['购房日期与价款', `${v(a, 'gfrq')}，房屋总价 ${yuan(v(a, 'fwzj'))}，贷款 ${yuan(v(a, 'dkje') || '0')}`],
      ['配偶共同提取', potq(a) ? `是：${v(a, 'poxm')}（${v(a, 'pozjhm').replace(/^(.{3}).*(.{4})$/, '$1***********$2')}）` : '否'],
    ],
    letter: potq,
  },
  {
    ywlx: 'TQ0106',
    path: 'chdk_tq',
    title: '偿还住房贷款提取',
    closing: false,
    factsTitle: '贷款信息',
    facts: [
      { name: 'dklx', label: '贷款类型', kind: 'select', options: DKLX },
      { name: 'jkhtbh', label: '借款合同编号', kind: 'text', maxLength: 50 },
      moneyFact('yhke', '月还款额（元）', { when: (a) => a.dklx === '2' }),
      dateFact('ffrq', '放款日期', { when: (a) => a.dklx === '2' }),
    ],
    limitFields: ['dklx', 'jkhtbh', 'yhke', 'ffrq'],
    instant: '本中心贷款的还贷提取已即时办结',
    rows: (a) => [
      ['贷款', `${optionText(DKLX, v(a, 'dklx'))}，合同 ${v(a, 'jkhtbh')}`],
      ...(a.dklx === '2' ? [['还款', `月还款额 ${yuan(v(a, 'yhke'))}，放款日期 ${v(a, 'ffrq')}`] as const] : []),
    ],
  },
  {
    ywlx: 'TQ0102',
    path: 'jzfj_tq',
    title: '建造翻建大修自住住房提取',
    closing: false,
    factsTitle: '建房信息',
    facts: [
      { name: 'jzlx', label: '类型', kind: 'select', options: JZLX },
      { name: 'pzwh', label: '批准文件编号', kind: 'text', maxLength: 50, hint: '规划许可证号，或大修的鉴定、批准文号' },
      dateFact('pzrq', '批准日期'),
      { name: 'fwzl', label: '房屋坐落', kind: 'text', maxLength: 200, check: (s) => (s.length < 2 ? '请输入房屋坐落' : '') },
      moneyFact('gcfy', '工程费用（元）', { hint: '工程预算或发票金额' }),
      moneyFact('dkje', '贷款金额（元）', { optional: true, hint: '没有贷款的不填' }),
    ],
    across: (a): Errors => (MONEY.test(v(a, 'gcfy')) && MONEY.test(v(a, 'dkje')) && money(v(a, 'dkje')) > money(v(a, 'gcfy')) ? { dkje: '贷款金额不能超过工程费用' } : {}),
    limitFields: ['pzwh', 'gcfy', 'dkje'],
    rows: (a) => [
      ['建房', `${optionText(JZLX, v(a, 'jzlx'))}，${v(a, 'fwzl')}`],
      ['批准文件', `${v(a, 'pzwh')}（${v(a, 'pzrq')}）`],
      ['费用', `工程费用 ${yuan(v(a, 'gcfy'))}，贷款 ${yuan(v(a, 'dkje') || '0')}`],
    ],
  },
  {
    ywlx: 'TQ0103',
    path: 'ltx_tq',
    title: '离休退休提取',
    closing: true,
    factsTitle: '退休信息',
    facts: [dateFact('txrq', '退休日期')],
    limitFields: [],
    rows: (a) => [['退休日期', v(a, 'txrq')]],
  },
  {
    ywlx: 'TQ0105',
    path: 'cjdj_tq',
    title: '出境定居提取',
    closing: true,
    factsTitle: '定居信息',
    facts: [
      { name: 'djgj', label: '定居国家或地区', kind: 'text', maxLength: 50, check: (s) => (s.length < 2 ? '定居国家或地区应为 2 至 50 个字' : '') },
      dateFact('zxrq', '户口注销日期'),
    ],
    limitFields: [],
    rows: (a) => [['定居', `${v(a, 'djgj')}，户口注销日期 ${v(a, 'zxrq')}`]],
  },
  {
    ywlx: 'TQ0104',
    path: 'ssldl_tq',
    title: '丧失劳动能力提取',
    closing: true,
    factsTitle: '鉴定信息',
    facts: [
      { name: 'jdjl', label: '劳动能力鉴定结论', kind: 'select', options: JDJL },
      dateFact('jdrq', '鉴定日期'),
      dateFact('jcrq', '解除劳动关系日期'),
    ],
    limitFields: [],
    rows: (a) => [
      ['鉴定结论', `${optionText(JDJL, v(a, 'jdjl'))}（${v(a, 'jdrq')}）`],
      ['解除劳动关系日期', v(a, 'jcrq')],
    ],
  },
  {
    ywlx: 'TQ0107',
    path: 'zfzj_tq',
    title: '租赁住房提取',
    closing: false,
    factsTitle: '租赁信息',
    facts: [
      { name: 'zlht', label: '租赁合同编号', kind: 'text', maxLength: 50 },
      { name: 'zldz', label: '租赁房屋坐落', kind: 'text', maxLength: 200, check: (s) => (s.length < 2 ? '请输入租赁房屋坐落' : '') },
      moneyFact('yzj', '月租金（元）'),
      dateFact('zlqsrq', '租赁起始日期'),
      dateFact('zlzzrq', '租赁终止日期', { hint: '格式：2027-02-28' }),
      { name: 'wfsm', label: '本人声明：本人及配偶在本市无自有住房', kind: 'check', required: '请确认本人及配偶在本市无自有住房' },
    ],
    across: (a): Errors => (DATE.test(v(a, 'zlqsrq')) && DATE.test(v(a, 'zlzzrq')) && v(a, 'zlzzrq') <= v(a, 'zlqsrq') ? { zlzzrq: '租赁终止日期应晚于起始日期' } : {}),
    limitFields: [],
    rows: (a) => [
      ['租赁合同', `${v(a, 'zlht')}（${v(a, 'zldz')}）`],
      ['租赁期限', `${v(a, 'zlqsrq')} 至 ${v(a, 'zlzzrq')}，月租金 ${yuan(v(a, 'yzj'))}`],
    ],
    instant: '已在额度内即时办结',
  },
  {
    ywlx: 'TQ0199',
    path: 'qtyy_tq',
    title: '其他原因提取',
    closing: false,
    factsTitle: '提取原因',
    facts: [
      { name: 'qtyy', label: '提取原因', kind: 'select', options: QTYY },
      { name: 'hzgx', label: '患者与您的关系', kind: 'select', options: HZGX, when: (a) => a.qtyy === '09' },
      { name: 'hzxm', label: '患者姓名', kind: 'text', maxLength: 50, when: (a) => a.qtyy === '09' },
      { name: 'qksm', label: '情况说明', kind: 'textarea', maxLength: 500, check: (s) => (s.length < 5 ? '情况说明应为 5 至 500 个字' : '') },
    ],
    limitFields: [],
    rows: (a) => [
      ['提取原因', optionText(QTYY, v(a, 'qtyy')) + (a.qtyy === '09' ? `（患者：${optionText(HZGX, v(a, 'hzgx'))} ${v(a, 'hzxm')}）` : '')],
      ['情况说明', v(a, 'qksm')],
    ],
    pending: '中心将根据您提供的材料审核',
  },
];

export const kindByPath = (path: string) => WITHDRAWAL_KINDS.find((k) => k.path === path);
export const kindByYwlx = (ywlx: string) => WITHDRAWAL_KINDS.find((k) => k.ywlx === ywlx);

const shown = (f: Fact, a: Answers) => !f.when || f.when(a);

/** The facts step's errors ({} when it may be left). */
export function factsErrors(kind: WithdrawalKind, a: Answers): Errors {
  const e: Errors = {};
  for (const f of kind.facts) {
    if (!shown(f, a)) continue;
    const s = v(a, f.name);
    if (f.kind === 'check') {
      if (!f.optional && s !== '1') e[f.name] = f.required ?? `请确认${f.label}`;
      continue;
    }
    if (!s) {
      if (!f.optional) e[f.name] = f.required ?? `${f.kind === 'select' || f.kind === 'date' ? '请选择' : '请输入'}${f.label.replace(/（元）$/, '')}`;
      continue;
    }
    if (f.kind === 'date' && !DATE.test(s)) e[f.name] = `${f.label}应为日期（年-月-日）`;
    else if (f.kind === 'money' && !MONEY.test(s)) e[f.name] = `${f.label.replace(/（元）$/, '')}应为金额，至多两位小数`;
    else if (f.kind === 'select' && !f.options?.some(([c]) => c === s)) e[f.name] = `请从列表中选择${f.label}`;
    else if (f.check) {
      const m = f.check(s, a);
      if (m) e[f.name] = m;
    }
  }
  for (const [name, m] of Object.entries(kind.across?.(a) ?? {})) if (!e[name]) e[name] = m;
  return e;
}

/** The amount-and-card step's errors; a closing kind has no amount to type. */
export function amountStepErrors(kind: WithdrawalKind, a: Answers, limit: string): Errors {
  const e: Errors = {};
  if (!kind.closing) {
    const amount = amountError(v(a, 'tqje'), limit);
    if (amount) e.tqje = amount;
  }
  if (!v(a, 'skyh')) e.skyh = '请选择收款银行';
  const card = cardError(v(a, 'skzh'));
  if (card) e.skzh = card;
  if (!v(a, 'skrxm')) e.skrxm = '请输入持卡人姓名';
  return e;
}

/** The facts of the kind as the server takes them: hidden and empty optional facts left out, ticks as booleans. */
export function factsPayload(kind: WithdrawalKind, a: Answers): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of kind.facts) {
    if (!shown(f, a)) continue;
    const s = v(a, f.name);
    if (f.kind === 'check') out[f.name] = s === '1';
    else if (f.name === 'pozjhm') out[f.name] = s.toUpperCase();
    else if (s || !f.optional) out[f.name] = s;
  }
  return out;
}

/** The application's payload: the facts, the amount (partial kinds) and the card. */
export function kindPayload(kind: WithdrawalKind, a: Answers): Record<string, unknown> {
  return {
    ...factsPayload(kind, a),
    ...(kind.closing ? {} : { tqje: v(a, 'tqje') }),
    skyh: v(a, 'skyh'),
    skzh: v(a, 'skzh').replace(/\s/g, ''),
    skrxm: v(a, 'skrxm'),
  };
}

/** The blank answers of a kind. */
export function blankAnswers(kind: WithdrawalKind): Answers {
  const out: Answers = { tqje: '', skyh: '', skzh: '', skrxm: '' };
  for (const f of kind.facts) out[f.name] = '';
  return out;
}

/** The key under which the limit was asked: the answers it depends on (a change asks again). */
export function limitKey(kind: WithdrawalKind, a: Answers): string {
  return kind.limitFields.map((f) => v(a, f)).join('|');
}
