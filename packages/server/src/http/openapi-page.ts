/**
 * The reference page of the OpenAPI document: plain HTML made on the server, one stylesheet, no script. It works under
 * the hall's CSP (no inline script or style) and reads with a keyboard and a screen reader; docs/decisions.md says why
 * it is not Swagger UI.
 */

interface Schema {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
}

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, Answer>;
  security?: Record<string, unknown>[];
}

type Answer = { $ref?: string; description?: string; content?: Record<string, { schema?: Schema }> };

/** The parts of an OpenAPI 3.1 document the page shows. */
export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { responses?: Record<string, Answer>; parameters?: Record<string, Parameter> };
}

const IN_LABELS: Record<string, string> = { path: '路径参数', query: '查询参数', header: '请求头', cookie: 'Cookie' };

function escape(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function typeOf(schema: Schema | undefined): string {
  if (!schema) return '';
  const type = [schema.type ?? ''].flat().filter(Boolean).join(' | ');
  if (type === 'array' && schema.items) return `${typeOf(schema.items)}[]`;
  return schema.format ? `${type}（${schema.format}）` : type;
}

function rules(schema: Schema | undefined): string {
  if (!schema) return '';
  const parts: string[] = [];
  if (schema.enum) parts.push(`取值：${schema.enum.map((v) => JSON.stringify(v)).join('、')}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined) parts.push(`长度 ${schema.minLength ?? 0}–${schema.maxLength ?? '∞'}`);
  if (schema.minimum !== undefined || schema.maximum !== undefined) parts.push(`范围 ${schema.minimum ?? '−∞'}–${schema.maximum ?? '∞'}`);
  if (schema.pattern) parts.push(`格式 ${schema.pattern}`);
  return parts.join('；');
}

interface Row {
  name: string;
  required: boolean;
  schema: Schema | undefined;
  description: string | undefined;
}

function table(caption: string, rows: Row[]): string {
  if (rows.length === 0) return '';
  const body = rows
    .map(
      (r) =>
        `<tr><th scope="row"><code>${escape(r.name)}</code></th><td>${escape(typeOf(r.schema))}</td><td>${r.required ? '是' : '否'}</td>` +
        `<td>${escape([r.description ?? r.schema?.description, rules(r.schema)].filter(Boolean).join('。'))}</td></tr>`,
    )
    .join('');
  // A wide table scrolls inside its own region, which a keyboard user can reach and scroll.
  return (
    `<div class="scroll" role="region" tabindex="0" aria-label="${escape(caption)}"><table><caption>${escape(caption)}</caption>` +
    `<thead><tr><th scope="col">名称</th><th scope="col">类型</th><th scope="col">必填</th><th scope="col">说明</th></tr></thead>` +
    `<tbody>${body}</tbody></table></div>`
  );
}

function propertyRows(schema: Schema | undefined): Row[] {
  return Object.entries(schema?.properties ?? {}).map(([name, s]) => ({
    name,
    required: schema?.required?.includes(name) ?? false,
    schema: s,
    description: s.description,
  }));
}

function operation(method: string, path: string, op: Operation, id: string, shared: Record<string, Answer>, sharedParameters: Record<string, Parameter> = {}): string {
  const parts: string[] = [];
  parts.push(
    `<article class="op" aria-labelledby="${id}"><h3 id="${id}"><span class="method m-${escape(method)}">${escape(method.toUpperCase())}</span> ` +
      `<code>${escape(path)}</code></h3>`,
  );
  parts.push(`<p class="summary">${escape(op.summary)}</p>`);
  if (op.description) parts.push(`<p>${escape(op.description)}</p>`);
  if (op.security?.some((s) => 'token' in s)) parts.push('<p class="note">需要登录：请求头 <code>token</code> 带访问令牌。</p>');
  if (op.security?.some((s) => 'centreKey' in s)) parts.push('<p class="note">中心端调用：请求头 <code>x-centre-key</code> 带接口密钥。</p>');
  const byIn = new Map<string, Row[]>();
  for (const given of op.parameters ?? []) {
    // The spec's request headers (client, jproject) are shared parameters (#/components/parameters/…).
    const ref = (given as { $ref?: string }).$ref;
    const p = ref ? sharedParameters[ref.split('/').pop()!] : given;
    if (!p) continue;
    const rows = byIn.get(p.in) ?? [];
    rows.push({ name: p.name, required: !!p.required, schema: p.schema, description: p.description });
    byIn.set(p.in, rows);
  }
  for (const [where, rows] of byIn) parts.push(table(`${IN_LABELS[where] ?? where}（${method.toUpperCase()} ${path}）`, rows));
  for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
    const rows = propertyRows(media.schema);
    parts.push(rows.length ? table(`请求体 ${type}（${method.toUpperCase()} ${path}）`, rows) : `<p>请求体：<code>${escape(type)}</code> ${escape(typeOf(media.schema))}</p>`);
  }
  const responses = Object.entries(op.responses ?? {})
    .map(([status, given]) => {
      // The shared error answers are referenced (#/components/responses/…).
      const r = given.$ref ? (shared[given.$ref.split('/').pop()!] ?? given) : given;
      const data = Object.values(r.content ?? {})[0]?.schema?.properties?.data;
      const fields = data?.properties ? Object.keys(data.properties).join('、') : data?.items?.properties ? `列表，每项：${Object.keys(data.items.properties).join('、')}` : '';
      return `<li><strong>${escape(status === 'default' ? '其他' : status)}</strong>：${escape(r.description)}${fields ? `<br>data：${escape(fields)}` : ''}</li>`;
    })
    .join('');
  if (responses) parts.push(`<p class="label">应答</p><ul class="responses">${responses}</ul>`);
  parts.push('</article>');
  return parts.join('');
}

/**
 * The page: a heading per group (tag) with a table of contents, and per call its method and path, summary, whether it
 * needs a session, its parameters and body as tables, and its answers.
 *
 * @example
 * renderReferencePage(app.swagger(), { document: '/api/openapi.json', stylesheet: '/api/docs/reference.css' })
 */
export function renderReferencePage(doc: OpenApiDocument, links: { document: string; stylesheet: string }): string {
  const groups = new Map<string, string[]>();
  let n = 0;
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      // The operation's own group (its last tag; the first is its area).
      const tag = op.tags?.at(-1) ?? '其他';
      const list = groups.get(tag) ?? [];
      list.push(operation(method, path, op, `op-${++n}`, doc.components?.responses ?? {}, doc.components?.parameters ?? {}));
      groups.set(tag, list);
    }
  }
  const tags = [...groups.keys()];
  const nav = tags.map((t, i) => `<li><a href="#tag-${i}">${escape(t)}</a>（${groups.get(t)!.length}）</li>`).join('');
  const sections = tags
    .map((t, i) => `<section aria-labelledby="tag-${i}"><h2 id="tag-${i}">${escape(t)}</h2>${groups.get(t)!.join('')}</section>`)
    .join('');
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>接口参考 · ${escape(doc.info.title)}</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${escape(links.stylesheet)}"></head>
<body><a class="skip" href="#main">跳到正文</a>
<header><h1>${escape(doc.info.title)}</h1><p>版本 ${escape(doc.info.version)}，共 ${n} 个接口。机器可读的描述：<a href="${escape(links.document)}">${escape(links.document)}</a>（OpenAPI 3.1）。</p>
${doc.info.description ? `<p>${escape(doc.info.description)}</p>` : ''}</header>
<nav aria-label="接口分组"><h2 class="nav-title">接口分组</h2><ul>${nav}</ul></nav>
<main id="main">${sections}</main></body></html>`;
}

/** The page's stylesheet: readable at 390 px, contrast of at least 4.5:1, visible focus. */
export const REFERENCE_CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.6 system-ui,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;color:#1f2328;background:#fff}
header,nav,main{max-width:72rem;margin:0 auto;padding:0 1rem}
header{padding-top:1rem;border-bottom:1px solid #d0d7de}
h1{font-size:1.5rem;margin:.5rem 0}
h2{font-size:1.25rem;margin:2rem 0 .5rem;padding-bottom:.25rem;border-bottom:2px solid #0b5cad}
h3{font-size:1rem;margin:0 0 .25rem;word-break:break-all}
.nav-title{border:0;margin:1rem 0 .25rem;font-size:1.1rem}
nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;padding:0;margin:0;list-style:none}
a{color:#0b5cad}
a:focus-visible,.scroll:focus-visible{outline:3px solid #b35900;outline-offset:2px}
.skip{position:absolute;left:-999px}
.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:1}
.op{border:1px solid #d0d7de;border-radius:6px;padding:.75rem 1rem;margin:.75rem 0}
.method{display:inline-block;min-width:3.5rem;text-align:center;border-radius:4px;padding:0 .35rem;color:#fff;font-size:.875rem}
.m-get{background:#0b5cad}.m-post{background:#1a7f37}.m-put,.m-patch{background:#8a4600}.m-delete{background:#b91c1c}
.summary{margin:.25rem 0;font-weight:600}
.note{margin:.25rem 0;color:#57606a}
.label{margin:.5rem 0 0;font-weight:600}
.responses{margin:.25rem 0;padding-left:1.25rem}
.scroll{overflow-x:auto;margin:.5rem 0}
table{border-collapse:collapse;min-width:100%;font-size:.9rem}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border:1px solid #d0d7de;padding:.25rem .5rem;text-align:left;vertical-align:top}
thead th{background:#f6f8fa;white-space:nowrap}
td:last-child{min-width:12rem}
code{font-family:ui-monospace,Consolas,monospace;font-size:.9em;word-break:break-all}
`;
