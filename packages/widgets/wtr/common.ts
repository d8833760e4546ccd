// Checks every element goes through the same way, whatever it shows.
import { assert, assertEqual, closePages, openPage, pause, shadow, waitFor, type HostPage } from './support.ts';

export interface ElementUnderTest {
  tag: string;
  /** One instance as a page writes it, attributes included. */
  markup: () => string;
  /** Resolves when the instance shows its content (from the server, or from its attributes). */
  shown: (el: HTMLElement) => Promise<unknown>;
}

/** The element's own content nodes in its shadow root (stylesheets are adopted, not nodes). */
const rendered = (el: HTMLElement) => [...shadow(el).childNodes].filter((n) => n.nodeType === Node.ELEMENT_NODE && (n as Element).localName !== 'style');

/** Checks that hold for the page after a test: nothing reported, and the bundle's preact is its own (no React global). */
export function assertCleanPage(page: HostPage, expected: readonly RegExp[] = []): void {
  const problems = page.problems().filter((p) => !expected.some((re) => re.test(p)));
  assertEqual(problems, [], 'problems the page reported');
  assert(!('React' in page.window), 'the script-tag file must not put React on the page');
}

/**
 * Unloading: removed from the page, an instance takes its content away without an error (also while it is still
 * loading); put back, it shows it again.
 */
export function unloadTests(file: string, element: ElementUnderTest): void {
  afterEach(closePages);

  it(`<${element.tag}> unloads cleanly when removed, also while loading, and shows again when put back`, async () => {
    const page = await openPage({ script: file, body: `<div id="a">${element.markup()}</div><div id="b">${element.markup()}</div>` });
    const [first, second] = [...page.document.querySelectorAll<HTMLElement>(element.tag)] as [HTMLElement, HTMLElement];
    // The second is removed at once, while it is still fetching.
    second.remove();
    await element.shown(first);
    first.remove();
    await waitFor(() => rendered(first).length === 0 && rendered(second).length === 0, 'both shadow roots to be emptied');
    // Some time for a late answer or timer to find the unmounted instance.
    await pause(300);
    assertCleanPage(page);

    page.document.querySelector('#b')?.append(first);
    await element.shown(first);
    first.remove();
    await waitFor(() => rendered(first).length === 0, 'the shadow root to be emptied again');
    assertCleanPage(page);
  });
}
