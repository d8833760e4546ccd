import type { GjjClient, QueryParams, RequestOptions } from '../client/client';
import { isBlank, isLandline, isMobile, isOpinion } from '../validate/predicates';
import { OPINION_EMPTY_MESSAGE, OPINION_MESSAGE } from '../validate/messages';

// The public services calls of issue 7 (spec 1, 2.1, 7.3); the contract is docs/api-public.md.

/** Prefix of the public services calls. */
export const PUBLIC_API = '/api/izfgjj-zhfw/v1';

/** Page sizes a list offers (spec 2.14, 9). */
export const PAGE_SIZES: readonly number[] = Object.freeze([10, 20, 30, 50]);
/** Page size when none is chosen. */
export const DEFAULT_PAGE_SIZE = 20;

/**
 * The page numbers a paginator offers: the first, the last, and two either side of the current one, with `null`
 * where numbers are left out.
 *
 * @example
 * pageWindow(5, 10) // [1, null, 3, 4, 5, 6, 7, null, 10]
 */
export function pageWindow(current: number, pages: number): Array<number | null> {
  const shown = [...new Set([1, pages, current - 2, current - 1, current, current + 1, current + 2])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  const out: Array<number | null> = [];
  shown.forEach((n, i) => {
    const prev = shown[i - 1];
    if (prev !== undefined && n - prev > 1) out.push(null);
    out.push(n);
  });
  return out;
}

/** Which page of a list to load. */
export interface PageQuery {
  /** 1-based page number. @default 1 */
  pageNum?: number;
  /** One of {@link PAGE_SIZES}. @default 20 */
  pageSize?: number;
}

/** One page of a list: `total` counts every matching row. */
export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** Options every call takes. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Do not let the client's error hook show the failure (the caller shows it). */
  silent?: boolean;
}

const opts = (o: CallOptions = {}, params?: QueryParams): RequestOptions => {
  const out: RequestOptions = {};
  if (o.signal) out.signal = o.signal;
  if (o.silent) out.silent = true;
  if (params) out.params = params;
  return out;
};

const pageParams = (q: PageQuery = {}): QueryParams => ({
  pageNum: q.pageNum ?? 1,
  pageSize: q.pageSize ?? DEFAULT_PAGE_SIZE,
});

async function getData<T>(client: GjjClient, path: string, o?: CallOptions, params?: QueryParams): Promise<T> {
  const { data } = await client.get<T>(`${PUBLIC_API}/${path}`, opts(o, params));
  return data;
}

async function getPage<T>(client: GjjClient, path: string, q: PageQuery & QueryParams, o?: CallOptions): Promise<Page<T>> {
  const { pageNum: _n, pageSize: _s, ...rest } = q;
  const data = await getData<Page<T> | null>(client, path, o, { ...rest, ...pageParams(q) });
  return data ?? { list: [], total: 0, pageNum: q.pageNum ?? 1, pageSize: q.pageSize ?? DEFAULT_PAGE_SIZE };
}

/**
 * The absolute address of a path the server hands out (a download or poster `url`), for `href` and `src`.
 *
 * @example
 * apiUrl(createClient({ baseURL: 'https://gjj.example.gov.cn' }), '/api/izfgjj-zhfw/v1/czsp/poster?id=1')
 * // 'https://gjj.example.gov.cn/api/izfgjj-zhfw/v1/czsp/poster?id=1'
 */
export function apiUrl(client: GjjClient, path: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(path)) return path;
  return `${client.options.baseURL.replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}

// ---- Centre introduction ----

/** The centre introduction: `body` is untrusted HTML, sanitize before showing. */
export interface CentreIntro {
  title: string;
  body: string;
  updatedAt: string;
}

/** GET zxjs/getInfo: the centre introduction. */
export const fetchCentreIntro = (client: GjjClient, o?: CallOptions) => getData<CentreIntro>(client, 'zxjs/getInfo', o);

// ---- Policies (zcxx) ----

/** A policy category with its published count. */
export interface PolicyCategory {
  code: string;
  name: string;
  total: number;
}

/** A policy in a list. */
export interface PolicyListItem {
  id: string;
  title: string;
  category: string;
  categoryName: string;
  docNo: string;
  publishDate: string;
}

/** A policy with its body: `body` is untrusted HTML, sanitize before showing. */
export interface PolicyDetail extends PolicyListItem {
  source: string;
  body: string;
}

/** What the policy list is filtered by. */
export interface PolicyQuery extends PageQuery {
  /** Title contains (at most 50 characters). */
  keyword?: string;
  /** A category code; all categories when empty. */
  category?: string;
}

/** The policy overview: totals and the newest five. */
export interface PolicySummary {
  total: number;
  latestDate: string;
  categories: PolicyCategory[];
  latest: Array<Pick<PolicyListItem, 'id' | 'title' | 'category' | 'publishDate'>>;
}

/** GET zcxx/getCategories. */
export const fetchPolicyCategories = (client: GjjClient, o?: CallOptions) =>
  getData<PolicyCategory[]>(client, 'zcxx/getCategories', o).then((d) => d ?? []);

/** GET zcxx/getSummary. */
export const fetchPolicySummary = (client: GjjClient, o?: CallOptions) => getData<PolicySummary>(client, 'zcxx/getSummary', o);

/**
 * GET zcxx/getList: published policies, newest first.
 *
 * @example
 * const page = await fetchPolicies(client, { keyword: '提取', category: 'tqzc', pageSize: 10 })
 */
export function fetchPolicies(client: GjjClient, query: PolicyQuery = {}, o?: CallOptions): Promise<Page<PolicyListItem>> {
  const keyword = query.keyword?.trim();
  return getPage<PolicyListItem>(client, 'zcxx/getList', { ...query, keyword: keyword || undefined, category: query.category || undefined }, o);
}

/** GET zcxx/getInfo: one policy (404 unknown, 410 withdrawn, each with a Chinese message). */
export const fetchPolicy = (client: GjjClient, id: string, o?: CallOptions) =>
  getData<PolicyDetail>(client, 'zcxx/getInfo', o, { id });

// ---- Partner developments (kfslpxx, session) ----

/** A partner housing development. */
export interface PartnerDevelopment {
  id: string;
  /** Project name. */
  xmmc: string;
  /** Developer. */
  kfsmc: string;
  /** Address. */
  xmdz: string;
  /** District. */
  qy: string;
  /** Pre-sale licence number. */
  ysxkzh: string;
  /** Lending bank. */
  hzyh: string;
  /** Contact phone. */
  lxdh: string;
  /** Partnership date. */
  hzrq: string;
}

/** GET kfslpxx/getList (session): `kfsmc` searches the developer name (at least 2 characters). */
export const fetchPartnerDevelopments = (client: GjjClient, query: PageQuery & { kfsmc?: string } = {}, o?: CallOptions) =>
  getPage<PartnerDevelopment>(client, 'kfslpxx/getList', { ...query, kfsmc: query.kfsmc?.trim() || undefined }, o);

/** GET kfslpxx/getBankList (session): the lending banks and how many developments each serves. */
export const fetchPartnerBanks = (client: GjjClient, o?: CallOptions) =>
  getData<Array<{ hzyh: string; total: number }>>(client, 'kfslpxx/getBankList', o).then((d) => d ?? []);

// ---- Common downloads (cyxz) ----

/** A downloadable form. */
export interface DownloadFile {
  id: string;
  title: string;
  fileName: string;
  contentType: string;
  /** Bytes. */
  size: number;
  publishDate: string;
  /** The download call's path. */
  url: string;
}

/** GET cyxz/getList. */
export const fetchDownloads = (client: GjjClient, query: PageQuery = {}, o?: CallOptions) =>
  getPage<DownloadFile>(client, 'cyxz/getList', { ...query }, o);

/** Progress of a download: `total` is 0 when the server does not say. */
export interface DownloadProgress {
  loaded: number;
  total: number;
}

/**
 * Downloads a file the server lists (GET its `url`), reporting progress as bytes arrive.
 *
 * @example
 * const blob = await downloadFile(client, file, { onProgress: ({ loaded, total }) => show(loaded / total) })
 */
export function downloadFile(
  client: GjjClient,
  file: Pick<DownloadFile, 'url'>,
  o: CallOptions & { onProgress?: (p: DownloadProgress) => void; onFileName?: (name: string) => void } = {},
): Promise<Blob> {
  const path = file.url.startsWith(client.options.baseURL) ? file.url.slice(client.options.baseURL.length) : file.url;
  const onFileName = o.onFileName;
  return client.raw('GET', path, {
    ...opts(o),
    responseType: 'blob',
    ...(o.onProgress ? { onProgress: o.onProgress } : {}),
    // The name the server gives the file (RFC 6266 filename*, else filename), for a page opened without it.
    ...(onFileName
      ? {
          onHeaders: (headers: Headers) => {
            const cd = headers.get('content-disposition') ?? '';
            const star = /filename\*=UTF-8''([^;]+)/i.exec(cd)?.[1];
            let name = /filename="([^"]*)"/i.exec(cd)?.[1] ?? '';
            try {
              if (star) name = decodeURIComponent(star);
            } catch {
              // A malformed encoded name: the plain one stands.
            }
            if (name) onFileName(name);
          },
        }
      : {}),
  });
}

// ---- Guidance videos (czsp) ----

/** A guidance video: where no file is published `available` is false and `message` says so. */
export interface GuideVideo {
  id: string;
  title: string;
  description: string;
  posterUrl: string;
  videoUrl: string | null;
  /** WebVTT captions in Chinese, when the video has them. */
  captionsUrl?: string | null;
  /** What is said and shown, as plain text (a line per step), '' when none. */
  transcript?: string;
  available: boolean;
  message: string;
  durationSeconds: number | null;
  publishDate: string;
}

/** GET czsp/getList. */
export const fetchGuideVideos = (client: GjjClient, query: PageQuery = {}, o?: CallOptions) =>
  getPage<GuideVideo>(client, 'czsp/getList', { ...query }, o);

// ---- Smart push (intellect) ----

/** A smart-push item; the detail's `body` is untrusted HTML. */
export interface PushItem {
  id: string;
  title: string;
  summary: string;
  tag: string;
  publishDate: string;
  body?: string;
}

/** GET intellect/getList. */
export const fetchPushItems = (client: GjjClient, query: PageQuery = {}, o?: CallOptions) =>
  getPage<PushItem>(client, 'intellect/getList', { ...query }, o);

/** GET intellect/getInfo. */
export const fetchPushItem = (client: GjjClient, id: string, o?: CallOptions) =>
  getData<Required<PushItem>>(client, 'intellect/getInfo', o, { id });

// ---- Complaints and suggestions (tsjy) ----

/** A code and its name (complaint types, departments, satisfaction levels). */
export interface CodeName {
  code: string;
  name: string;
}

/** A complaint or suggestion as the list and the detail give it. */
export interface Complaint {
  id: string;
  /** Reference number, e.g. TS20261124000001. */
  sqbh: string;
  tslx: string;
  tslxmc: string;
  zrbm: string;
  zrbmmc: string;
  nr: string;
  /** Contact phone, masked, only to its owner. */
  lxdh: string;
  /** 0 待处理, 1 处理中, 2 已回复. */
  zt: string | number;
  ztmc: string;
  /** The centre's reply and its time; empty until replied. */
  hfnr: string;
  hfsj: string;
  gkbz: number;
  tjsj: string;
  mine: boolean;
}

/** The form of a new complaint. */
export interface ComplaintForm {
  /** Type code. */
  tslx: string;
  /** Responsible department code. */
  zrbm: string;
  /** Content, at least 5 characters. */
  nr: string;
  /** Contact phone, optional: a mobile or a landline with area code. */
  lxdh?: string;
}

/** What the server answers to a stored complaint. */
export interface ComplaintReceipt {
  id: string;
  sqbh: string;
  tjsj: string;
}

/** Longest complaint content the server takes. */
export const COMPLAINT_MAX_LENGTH = 500;

/** Messages of the complaint form (the server answers the same). */
export const COMPLAINT_MESSAGES = Object.freeze({
  typeEmpty: '请选择类型',
  deptEmpty: '请选择责任部门',
  contentEmpty: OPINION_EMPTY_MESSAGE,
  contentShort: OPINION_MESSAGE,
  contentLong: `意见不能超过 ${COMPLAINT_MAX_LENGTH} 个字`,
  phone: '请输入正确的联系电话（手机号码或带区号的固定电话）',
});

/**
 * Checks a complaint form as the server will: an empty record means it may be sent.
 *
 * @example
 * validateComplaint({ tslx: '01', zrbm: '', nr: '很好' })
 * // { zrbm: '请选择责任部门', nr: '意见不得少于五个字！' }
 */
export function validateComplaint(form: ComplaintForm): Partial<Record<keyof ComplaintForm, string>> {
  const errors: Partial<Record<keyof ComplaintForm, string>> = {};
  if (isBlank(form.tslx)) errors.tslx = COMPLAINT_MESSAGES.typeEmpty;
  if (isBlank(form.zrbm)) errors.zrbm = COMPLAINT_MESSAGES.deptEmpty;
  const nr = (form.nr ?? '').trim();
  if (!nr) errors.nr = COMPLAINT_MESSAGES.contentEmpty;
  else if (!isOpinion(nr)) errors.nr = COMPLAINT_MESSAGES.contentShort;
  else if ([...nr].length > COMPLAINT_MAX_LENGTH) errors.nr = COMPLAINT_MESSAGES.contentLong;
  const phone = (form.lxdh ?? '').trim();
  if (phone && (phone.includes('*') || !(isMobile(phone) || isLandline(phone)))) errors.lxdh = COMPLAINT_MESSAGES.phone;
  return errors;
}

/** GET tsjy/getTypes. */
export const fetchComplaintTypes = (client: GjjClient, o?: CallOptions) =>
  getData<CodeName[]>(client, 'tsjy/getTypes', o).then((d) => d ?? []);

/** GET tsjy/getDepts. */
export const fetchComplaintDepts = (client: GjjClient, o?: CallOptions) =>
  getData<CodeName[]>(client, 'tsjy/getDepts', o).then((d) => d ?? []);

/**
 * GET tsjy/getList: signed in, the person's own; otherwise (or with `published`) the ones the centre published.
 */
export const fetchComplaints = (client: GjjClient, query: PageQuery & { published?: boolean } = {}, o?: CallOptions) => {
  const { published, ...paging } = query;
  return getPage<Complaint>(client, 'tsjy/getList', { ...paging, gkbz: published ? 1 : undefined }, o);
};

/** GET tsjy/getInfo. */
export const fetchComplaint = (client: GjjClient, id: string, o?: CallOptions) =>
  getData<Complaint>(client, 'tsjy/getInfo', o, { id });

/** The header that makes a submission idempotent. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * A new idempotency key: one per form fill, sent with every click and retry of that fill.
 *
 * @example
 * newIdempotencyKey() // '3b241101-e2bb-4255-8caf-4136c566a962'
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function postKeyed<T>(client: GjjClient, path: string, body: unknown, key: string, o: CallOptions & { form?: boolean } = {}): Promise<{ data: T; msg: string }> {
  const { data, msg } = await client.post<T>(`${PUBLIC_API}/${path}`, body, {
    ...opts(o),
    ...(o.form ? { form: true } : {}),
    headers: { [IDEMPOTENCY_HEADER]: key },
  });
  return { data, msg: msg ?? '' };
}

/**
 * POST tsjy/add (form-encoded, spec 7.3) with an idempotency key: sent twice with the same key, it is stored once
 * and both answers carry the same reference number.
 *
 * @example
 * const key = newIdempotencyKey()
 * const { sqbh } = await submitComplaint(client, { tslx: '02', zrbm: '01', nr: '建议延长周末服务时间' }, key)
 */
export async function submitComplaint(client: GjjClient, form: ComplaintForm, key: string, o?: CallOptions): Promise<ComplaintReceipt> {
  const body: Record<string, string> = { tslx: form.tslx, zrbm: form.zrbm, nr: form.nr };
  if (form.lxdh?.trim()) body.lxdh = form.lxdh;
  return (await postKeyed<ComplaintReceipt>(client, 'tsjy/add', body, key, { ...o, form: true })).data;
}

/** What a complaint look-up gives: its status and the centre's reply, nothing that names the sender. */
export interface ComplaintStatusAnswer {
  sqbh: string;
  tslxmc: string;
  zrbmmc: string;
  nr: string;
  /** 0 待处理, 1 处理中, 2 已回复. */
  zt: number;
  ztmc: string;
  hfnr: string;
  hfsj: string;
  tjsj: string;
}

/** The question of a complaint look-up: the reference number, the phone it was sent with, and a picture captcha. */
export interface ComplaintLookup {
  sqbh: string;
  lxdh: string;
  /** `uuid` of the captcha picture and the characters typed. */
  uuid: string;
  code: string;
}

/**
 * POST tsjy/query (ours, issue 23): a complaint's status and reply by reference number and contact phone, without
 * signing in. A wrong number and a wrong phone reject alike (404, one message); each captcha serves one try.
 *
 * @example
 * const answer = await lookUpComplaint(client, { sqbh: 'TS20261124000001', lxdh: '13912345678', uuid, code })
 * answer.ztmc // '已回复'
 */
export async function lookUpComplaint(client: GjjClient, question: ComplaintLookup, o?: CallOptions): Promise<ComplaintStatusAnswer> {
  const { data } = await client.post<ComplaintStatusAnswer>(`${PUBLIC_API}/tsjy/query`, { ...question, sqbh: question.sqbh.trim(), lxdh: question.lxdh.trim() }, opts(o));
  return data;
}

// ---- Satisfaction evaluation (hcp) ----

/** A business item one may evaluate. */
export interface EvaluationItem extends CodeName {
  category: string;
}

/** One of a person's evaluations. */
export interface EvaluationRecord {
  id: string;
  /** Reference number, e.g. PJ20261124000001. */
  pjbh: string;
  sxbm: string;
  sxmc: string;
  /** Level 1 (非常不满意) to 5 (非常满意). */
  myd: string;
  mydmc: string;
  pjnr: string;
  pjsj: string;
}

/** An evaluation to send. */
export interface EvaluationForm {
  /** Item code. */
  sxbm: string;
  /** Level code 1–5. */
  myd: string;
  /** Comment, at most 200 characters. */
  pjnr?: string;
}

/** Longest evaluation comment. */
export const EVALUATION_COMMENT_MAX = 200;

/** GET hcp/getTypes: the satisfaction levels, best first. */
export const fetchEvaluationLevels = (client: GjjClient, o?: CallOptions) =>
  getData<CodeName[]>(client, 'hcp/getTypes', o).then((d) => d ?? []);

/** GET hcp/getItems: the business items one may evaluate. */
export const fetchEvaluationItems = (client: GjjClient, o?: CallOptions) =>
  getData<EvaluationItem[]>(client, 'hcp/getItems', o).then((d) => d ?? []);

/** POST hcp/evaluate (session) with an idempotency key. */
export async function submitEvaluation(
  client: GjjClient,
  form: EvaluationForm,
  key: string,
  o?: CallOptions,
): Promise<{ id: string; pjbh: string; pjsj: string }> {
  const body: Record<string, string> = { sxbm: form.sxbm, myd: form.myd };
  if (form.pjnr?.trim()) body.pjnr = form.pjnr;
  return (await postKeyed<{ id: string; pjbh: string; pjsj: string }>(client, 'hcp/evaluate', body, key, o)).data;
}

/** GET hcp/getRecords (session): the person's own evaluations, newest first. */
export const fetchEvaluationRecords = (client: GjjClient, query: PageQuery = {}, o?: CallOptions) =>
  getPage<EvaluationRecord>(client, 'hcp/getRecords', { ...query }, o);

/** GET hcp/getInfo (session): one of the person's own evaluations. */
export const fetchEvaluation = (client: GjjClient, id: string, o?: CallOptions) =>
  getData<EvaluationRecord>(client, 'hcp/getInfo', o, { id });

/** How one business item has been rated: counts per level (best first) and the satisfied share. */
export interface EvaluationStat {
  /** Item code. */
  sxbm: string;
  sxmc: string;
  /** Evaluations in all. */
  total: number;
  /** Every level, best first, with its count (0 included). */
  levels: Array<CodeName & { count: number }>;
  /** Percent of 非常满意, 满意 and 基本满意 (levels 3–5), one decimal; null while there is none. */
  satisfiedRate: number | null;
}

/**
 * GET hcp/getStats *(ours)*: every business item's evaluation counts and satisfied share; public.
 *
 * @example
 * const stats = await fetchEvaluationStats(client)
 * stats.find((s) => s.sxbm === 'TQ01')?.satisfiedRate // 92.5
 */
export const fetchEvaluationStats = (client: GjjClient, o?: CallOptions) =>
  getData<EvaluationStat[]>(client, 'hcp/getStats', o).then((d) => d ?? []);
