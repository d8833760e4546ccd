import axe from 'axe-core';

/** Runs axe-core (WCAG 2.1 A and AA rules plus best practices) on `context` and returns its violations, readable. */
export async function axeViolations(context: Element | Document = document): Promise<string[]> {
  const result = await axe.run(context, { resultTypes: ['violations'] });
  return result.violations.map(
    (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
