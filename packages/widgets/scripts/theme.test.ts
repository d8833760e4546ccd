import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_COLLECTOR_CSS } from '../src/archive-collector/archive-collector.styles';
import { COMPLAINT_FORM_CSS } from '../src/complaint-form/complaint-form.styles';
import { archiveCollectorMeta, complaintFormMeta, loanCalculatorMeta, policyListMeta, rateTableMeta } from '../src/index';
import { LOAN_CALCULATOR_CSS } from '../src/loan-calculator/loan-calculator.styles';
import { PLAN_DIALOG_CSS } from '../src/loan-calculator/plan-dialog.styles';
import { POLICY_LIST_CSS } from '../src/policy-list/policy-list.styles';
import { RATE_TABLE_CSS } from '../src/rate-table/rate-table.styles';
import { propertiesRead, THEME_PROPERTIES } from '../src/shared/theme.meta';

// What each element's stylesheets read, and what its documentation (manifest, README) says it reads.
const WIDGETS = [
  { meta: rateTableMeta, sheets: [RATE_TABLE_CSS] },
  { meta: loanCalculatorMeta, sheets: [LOAN_CALCULATOR_CSS, PLAN_DIALOG_CSS] },
  { meta: policyListMeta, sheets: [POLICY_LIST_CSS] },
  { meta: complaintFormMeta, sheets: [COMPLAINT_FORM_CSS] },
  { meta: archiveCollectorMeta, sheets: [ARCHIVE_COLLECTOR_CSS] },
];

/** `"A", "B"` and `"A","B"` are the same value. */
const normal = (value: string) => value.trim().replace(/\s*,\s*/g, ',');

/** The hall's `:root` custom properties (its default theme). */
function hallTheme(): Map<string, string> {
  const css = readFileSync(new URL('../../hall/src/app/styles.css', import.meta.url), 'utf8');
  const root = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  return new Map([...root.matchAll(/(--gjj-[a-z-]+)\s*:\s*([^;]+);/g)].map(([, name, value]) => [name as string, normal(value as string)]));
}

describe('theme', () => {
  it.each(WIDGETS.map((w) => [w.meta.tag, w] as const))('<%s> documents exactly the --gjj-* properties its styles read, with their defaults', (_tag, { meta, sheets }) => {
    const read = propertiesRead(sheets.join('\n'));
    const documented = new Map(meta.cssProperties.map((p) => [p.name, normal(p.default ?? '')]));
    expect([...documented.keys()].sort()).toEqual([...read.keys()].sort());
    for (const [name, fallback] of read) expect({ name, default: documented.get(name) }).toEqual({ name, default: normal(fallback) });
  });

  it('a property has one default in every widget, and the theme properties have the theme default', () => {
    const defaults = new Map<string, Set<string>>();
    for (const { sheets } of WIDGETS) {
      for (const [name, fallback] of propertiesRead(sheets.join('\n'))) defaults.set(name, (defaults.get(name) ?? new Set()).add(normal(fallback)));
    }
    for (const [name, values] of defaults) expect({ name, defaults: [...values] }).toEqual({ name, defaults: [[...values][0]] });
    for (const p of THEME_PROPERTIES) expect({ name: p.name, default: [...(defaults.get(p.name) ?? [])] }).toEqual({ name: p.name, default: [normal(p.default ?? '')] });
  });

  it("the default theme is the hall's: every theme property the hall sets has the hall's value", () => {
    const hall = hallTheme();
    expect(hall.size).toBeGreaterThan(5);
    const shared = THEME_PROPERTIES.filter((p) => hall.has(p.name));
    expect(shared.map((p) => p.name)).toEqual(expect.arrayContaining(['--gjj-color-primary', '--gjj-color-danger', '--gjj-font-family', '--gjj-radius', '--gjj-spacing']));
    for (const p of shared) expect({ name: p.name, value: normal(p.default ?? '') }).toEqual({ name: p.name, value: hall.get(p.name) });
  });
});
