import type { CheckResult, ConformanceReport } from './types';

const esc = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const LABEL = { pass: '通过', fail: '不通过', skip: '跳过' } as const;

/** The report as JSON (the results and the summary). */
export const jsonReport = (report: ConformanceReport): string => `${JSON.stringify(report, null, 2)}\n`;

/** The report as JUnit XML: one test suite per profile, one test case per check (a skip is `<skipped>`). */
export function junitReport(report: ConformanceReport): string {
  const suites = report.profiles.map((profile) => {
    const rows = report.results.filter((r) => r.profile === profile);
    const s = report.summary[profile] ?? { passed: 0, failed: 0, skipped: 0 };
    const cases = rows.map((r) => {
      const head = `    <testcase classname="conformance.${profile}" name="${esc(r.id)}" time="${(r.ms / 1000).toFixed(3)}">`;
      const detail = r.request ? `\n${r.request.method} ${r.request.url}\n→ ${r.answer?.status ?? ''} ${r.answer?.body ?? ''}` : '';
      if (r.outcome === 'fail') return `${head}\n      <failure message="${esc(r.reason ?? '')}">${esc(`${r.title}\n${r.reason ?? ''}${detail}`)}</failure>\n    </testcase>`;
      if (r.outcome === 'skip') return `${head}\n      <skipped message="${esc(r.reason ?? '')}"/>\n    </testcase>`;
      return `${head}</testcase>`;
    });
    const time = rows.reduce((n, r) => n + r.ms, 0) / 1000;
    return `  <testsuite name="conformance.${profile}" tests="${rows.length}" failures="${s.failed}" skipped="${s.skipped}" errors="0" time="${time.toFixed(3)}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  const total = report.results.length;
  const failed = report.results.filter((r) => r.outcome === 'fail').length;
  const skipped = report.results.filter((r) => r.outcome === 'skip').length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="gjj-hall conformance" tests="${total}" failures="${failed}" skipped="${skipped}" time="${(report.ms / 1000).toFixed(3)}">\n${suites.join('\n')}\n</testsuites>\n`;
}

function row(r: CheckResult): string {
  const detail =
    r.outcome === 'pass'
      ? ''
      : `<div class="why">${esc(r.reason ?? '')}</div>${
          r.shown ? `<div class="shown"><span>大厅会向用户显示：</span>「${esc(r.shown)}」</div>` : ''
        }${
          r.request
            ? `<details><summary>请求与应答</summary><pre tabindex="0" aria-label="请求">${esc(`${r.request.method} ${r.request.url}\n${Object.entries(r.request.headers).map(([k, v]) => `${k}: ${v}`).join('\n')}${r.request.body ? `\n\n${r.request.body}` : ''}`)}</pre><pre tabindex="0" aria-label="应答">${esc(`HTTP ${r.answer?.status ?? ''}（${r.answer?.ms ?? 0} ms）\n${Object.entries(r.answer?.headers ?? {}).map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${r.answer?.body ?? ''}`)}</pre></details>`
            : ''
        }`;
  return `<tr class="${r.outcome}"><td class="st"><span class="dot" aria-hidden="true"></span>${LABEL[r.outcome]}</td><td><code>${esc(r.id)}</code><div class="title">${esc(r.title)}</div>${r.needs ? `<div class="needs">需要：${esc(r.needs.join('、'))}</div>` : ''}${detail}</td></tr>`;
}

/** The report as one HTML page (no script, styles inline): the summary per profile, then one row per check, failures first. */
export function htmlReport(report: ConformanceReport): string {
  const order = { fail: 0, skip: 1, pass: 2 } as const;
  const counts = { pass: 0, fail: 0, skip: 0 };
  for (const r of report.results) counts[r.outcome]++;
  const summary = report.profiles
    .map((p) => {
      const s = report.summary[p] ?? { passed: 0, failed: 0, skipped: 0 };
      const n = (kind: string, count: number) => `<td class="n${count ? ` ${kind}` : ''}">${count}</td>`;
      return `<tr><th scope="row">${esc(p)}</th>${n('pass', s.passed)}${n('fail', s.failed)}${n('skip', s.skipped)}</tr>`;
    })
    .join('');
  const sections = report.profiles
    .map((p) => {
      const rows = report.results.filter((r) => r.profile === p).sort((a, b) => order[a.outcome] - order[b.outcome]);
      return `<section><h2 id="p-${esc(p)}">${esc(p)}</h2><table class="rows"><thead><tr><th scope="col">结果</th><th scope="col">检查</th></tr></thead><tbody>${rows.map(row).join('')}</tbody></table></section>`;
    })
    .join('');
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>接口一致性检查报告：${esc(report.target)}</title>
<style>
:root{--pass:#1a7f37;--fail:#cf222e;--skip:#9a6700;font-family:system-ui,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;color:#1f2328;line-height:1.5}
body{margin:0 auto;max-width:1100px;padding:16px}
h1{font-size:1.4rem;margin:.2em 0}h2{font-size:1.15rem;margin:1.4em 0 .4em;border-bottom:1px solid #d0d7de}
.verdict{display:inline-block;padding:2px 10px;border-radius:4px;color:#fff;font-weight:600}
.verdict.ok{background:var(--pass)}.verdict.ko{background:var(--fail)}
.meta{color:#59636e;font-size:.9rem;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%}
.sum{width:auto;min-width:320px}.sum th,.sum td{padding:4px 12px;border:1px solid #d0d7de;text-align:left}.n{text-align:right!important;font-variant-numeric:tabular-nums}
td.n.pass{color:var(--pass)}td.n.fail{color:var(--fail)}td.n.skip{color:var(--skip)}
.rows td{border-top:1px solid #d0d7de;padding:6px 8px;vertical-align:top}.rows thead th{text-align:left;padding:4px 8px;font-size:.85rem;color:#59636e}
.st{white-space:nowrap;width:5.5em;font-weight:600}
.dot{display:inline-block;width:.75em;height:.75em;border-radius:50%;margin-right:.4em;vertical-align:baseline}
tr.pass .dot{background:var(--pass)}tr.fail .dot{background:var(--fail)}tr.skip .dot{background:#d4a72c}
tr.pass .st{color:var(--pass)}tr.fail .st{color:var(--fail)}tr.skip .st{color:var(--skip)}
tr.fail{background:#ffebe9}tr.skip{background:#fff8c5}
code{font-size:.85rem;overflow-wrap:anywhere}.title{font-size:.92rem}.needs{font-size:.85rem;color:#59636e}
.why{margin-top:4px;font-weight:600;overflow-wrap:anywhere}.shown{margin-top:2px}.shown span{color:#59636e}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f8fa;border:1px solid #d0d7de;padding:6px;font-size:.8rem;max-height:22em;overflow:auto}
@media (max-width:600px){body{padding:10px}.st{width:auto}.rows thead{display:none}.rows td{display:block;border-top:0;padding:2px 6px}.rows tr{display:block;border-top:1px solid #d0d7de;padding:4px 0}.sum{min-width:0;width:100%}}
</style></head><body><main>
<h1>接口一致性检查报告 <span class="verdict ${report.ok ? 'ok' : 'ko'}">${report.ok ? '全部通过' : `${counts.fail} 项不通过`}</span></h1>
<p class="meta">目标 <strong>${esc(report.target)}</strong> · 开始于 ${esc(report.startedAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))} · 用时 ${(report.ms / 1000).toFixed(1)} 秒 · 发出请求 ${report.requests} 次 · ${report.allowWrites ? '允许写入（--allow-writes）' : '只读'}</p>
<p class="meta">共 ${report.results.length} 项：通过 ${counts.pass}，不通过 ${counts.fail}，跳过 ${counts.skip}</p>
<table class="sum"><caption class="meta" style="text-align:left">各范围的检查结果</caption><thead><tr><th scope="col">范围</th><th scope="col">通过</th><th scope="col">不通过</th><th scope="col">跳过</th></tr></thead><tbody>${summary}</tbody></table>
${sections}
</main></body></html>
`;
}
