import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { createRoot, type Root } from 'react-dom/client';
import { act, useState } from 'react';
import { axeViolations } from '../../../../../test/support/axe';
import { useKeysetPaged, type KeysetPage } from '../use-keyset-paged';
import { KeysetPager } from './keyset-pager';
import '../../app/styles.css';

// A list read by keyset (个人明细查询): 45 rows, newest first; the stand-in server answers after a cursor as the
// real one does, and counts what it was asked.
const ROWS = Array.from({ length: 45 }, (_, i) => 45 - i);
let asked: Array<string | undefined> = [];
async function serve(after: string | undefined, size: number, filter: string): Promise<KeysetPage<number>> {
  asked.push(after);
  await new Promise((r) => setTimeout(r, 5));
  const rows = ROWS.filter((n) => (filter === 'odd' ? n % 2 === 1 : true)).filter((n) => after === undefined || n < Number(after));
  const list = rows.slice(0, size);
  return { list, next: rows.length > size ? String(list[list.length - 1]) : null };
}

function List() {
  const [size, setSize] = useState(20);
  const [filter, setFilter] = useState('all');
  const total = ROWS.filter((n) => (filter === 'odd' ? n % 2 === 1 : true)).length;
  const list = useKeysetPaged((after) => serve(after, size, filter), `${filter}/${size}`);
  return (
    <main>
      <button type="button" onClick={() => setFilter('odd')}>
        只看单数
      </button>
      <p data-testid="rows">{list.state.page?.list.join(',')}</p>
      <KeysetPager total={total} pageNum={list.pageNum} pageSize={size} hasNext={list.hasNext} onPrev={list.prev} onNext={list.next} onSize={setSize} label="测试分页" />
    </main>
  );
}

let root: Root | null = null;
let host: HTMLElement;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  host?.remove();
});
const rows = () => page.getByTestId('rows');

describe('useKeysetPaged with KeysetPager', () => {
  it('pages forward by the cursor the server gave and back by the cursor kept; a new query starts at page 1', async () => {
    asked = [];
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    await act(async () => root!.render(<List />));
    await expect.element(rows()).toHaveTextContent(/^45,44,.*,26$/);
    const nav = page.getByRole('navigation', { name: '测试分页' });
    await expect.element(nav).toHaveTextContent('共 45 条');
    await expect.element(nav).toHaveTextContent('第 1 / 3 页');
    expect(page.getByRole('button', { name: '上一页' }).element()).toBeDisabled();

    // DOM clicks: the buttons are native (keyboard-operable as they are), and the test moves no focus that another
    // test file running beside it in the same browser may hold.
    const press = async (name: string) => act(async () => (page.getByRole('button', { name }).element() as HTMLElement).click());
    await press('下一页');
    await expect.element(rows()).toHaveTextContent(/^25,24,.*,6$/);
    await expect.element(nav).toHaveTextContent('第 2 / 3 页');
    await press('下一页');
    await expect.element(rows()).toHaveTextContent(/^5,4,3,2,1$/);
    expect(page.getByRole('button', { name: '下一页' }).element()).toBeDisabled();
    expect(asked).toEqual([undefined, '26', '6']);

    await press('上一页');
    await expect.element(rows()).toHaveTextContent(/^25,/);
    expect(asked.at(-1)).toBe('26');
    expect(await axeViolations(host)).toEqual([]);

    // A new page size, or a new filter, starts again at page 1.
    await act(async () => {
      const select = page.getByRole('combobox').element() as HTMLSelectElement;
      select.value = '10';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await expect.element(rows()).toHaveTextContent(/^45,.*,36$/);
    await expect.element(nav).toHaveTextContent('第 1 / 5 页');
    await press('下一页');
    await expect.element(rows()).toHaveTextContent(/^35,/);
    await press('只看单数');
    await expect.element(rows()).toHaveTextContent(/^45,43,.*,27$/);
    await expect.element(nav).toHaveTextContent('第 1 / 3 页');
  });
});
