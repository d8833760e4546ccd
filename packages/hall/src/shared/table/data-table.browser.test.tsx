import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { createRoot, type Root } from 'react-dom/client';
import { act, useState } from 'react';
import { axeViolations } from '../../../../../test/support/axe';
import { stores } from '../services';
import { $toast } from '../toast';
import { DataTable, type DataTableProps } from './data-table';
import type { ColumnRule, TableColumn } from './columns';
import '../../app/styles.css';

// The hall's table in real Chromium; the column individuation calls (docs/api-table.md) answered by a stand-in
// that keeps what was saved, as the server does per login.

interface Loan {
  id: string;
  name: string;
  je: string;
  rate: string;
  n: number;
  zt: string;
}
const ROWS: Loan[] = [
  { id: 'a', name: '张三', je: '1234.5', rate: '3.1', n: 1234567, zt: '1' },
  { id: 'b', name: '李四', je: '0.1', rate: '2.85', n: 12, zt: '3' },
  { id: 'c', name: '王五', je: '-0.05', rate: '', n: 0, zt: '9' },
];
const COLUMNS: TableColumn<Loan>[] = [
  { prop: 'name', label: '姓名', disabled: true },
  { prop: 'je', label: '金额', type: 'money' },
  { prop: 'rate', label: '利率', type: 'tofix2' },
  { prop: 'n', label: '笔数', type: 'formatNum' },
  { prop: 'zt', label: '状态', filterKey: 'DKZT' },
  { prop: 'op', label: '操作', type: 'custom', render: (r) => <button type="button">办理 {r.name}</button> },
];
const KEY = { path: '/grwt/test', navName: 'loans', name: '贷款' };

let saved: Record<string, ColumnRule[]>;
let calls: { path: string; url: URL; body: unknown }[];
function serve(url: URL, init?: RequestInit): Response {
  const path = url.pathname.replace('/api/putil/v1/column/individuation/', '');
  const body = init?.body ? (JSON.parse(String(init.body)) as { path: string; navName: string; rule: ColumnRule[] }) : undefined;
  calls.push({ path, url, body });
  const id = `${url.searchParams.get('path') ?? body?.path}|${url.searchParams.get('navName') ?? body?.navName}`;
  let data: unknown = null;
  let msg = 'success';
  if (path === 'getInfo') data = saved[id] ? { ...KEY, rule: saved[id] } : null;
  if (path === 'update') {
    saved[id] = body!.rule;
    msg = '保存成功';
  }
  if (path === 'reset') {
    delete saved[id];
    msg = '已恢复默认';
  }
  return new Response(JSON.stringify({ code: 0, msg, data }), { headers: { 'content-type': 'application/json' } });
}

let root: Root | null = null;
let host: HTMLElement;
async function render(props: Partial<DataTableProps<Loan>> = {}) {
  await act(async () => root?.unmount());
  host?.remove();
  host = document.createElement('main');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<DataTable caption="贷款列表" columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} {...props} />));
}
const headers = () => [...host.querySelectorAll('thead th')].map((th) => th.textContent);
const cells = (row: number) => [...host.querySelectorAll(`tbody tr:nth-child(${row}) td`)].map((td) => (td as HTMLElement).innerText.trim());

beforeEach(async () => {
  await page.viewport(1280, 800);
  saved = {};
  calls = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => serve(new URL(String(input), location.href), init));
  stores.config.setDictionary({ DKZT: [{ key: '1', value: '正常', enable: 1 }, { key: '3', value: '结清', enable: 1 }] });
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  host?.remove();
  vi.unstubAllGlobals();
  await page.viewport(1280, 800);
});

describe('DataTable', () => {
  it('shows each type: money grouped with two decimals and right-aligned, tofix2, formatNum, the dictionary label; axe clean', async () => {
    await render({ summary: { sum: ['je'] } });
    expect(headers()).toEqual(['姓名', '金额', '利率', '笔数', '状态', '操作']);
    expect(cells(1)).toEqual(['张三', '1,234.50', '3.10', '1,234,567', '正常', '办理 张三']);
    expect(cells(2)).toEqual(['李四', '0.10', '2.85', '12', '结清', '办理 李四']);
    // An empty value is --; a code the dictionary does not know shows as it is.
    expect(cells(3)).toEqual(['王五', '-0.05', '--', '0', '9', '办理 王五']);
    const money = host.querySelector('tbody td:nth-child(2)')!;
    expect(getComputedStyle(money).textAlign).toBe('right');
    expect(getComputedStyle(host.querySelector('tbody td:nth-child(1)')!).textAlign).toBe('left');
    // The summary: 合计 in the first column, the money summed exactly (1234.50 + 0.10 - 0.05).
    expect([...host.querySelectorAll('tfoot tr > *')].map((c) => c.textContent)).toEqual(['合计', '1,234.55', '', '', '', '']);
    expect(host.querySelector('table')?.getAttribute('aria-busy')).toBe('false');
    expect(await axeViolations(host)).toEqual([]);
  });

  it('several summary rows (期初余额, then 本期合计 of the server): each its label and values; at 390 px a card without empty fields', async () => {
    const summary = [
      { label: '期初余额', values: { je: '10.00' } },
      { label: '本期合计（共 3 笔）', values: { je: '1,244.55', n: '3' } },
    ];
    await render({ summary });
    const foot = [...host.querySelectorAll('tfoot tr')].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(foot).toEqual([
      ['期初余额', '10.00', '', '', '', ''],
      ['本期合计（共 3 笔）', '1,244.55', '', '3', '', ''],
    ]);
    expect(host.querySelector('tfoot tr th')?.getAttribute('scope')).toBe('row');
    expect(await axeViolations(host)).toEqual([]);
    await page.viewport(390, 800);
    const empty = host.querySelector('tfoot tr:first-child td:nth-child(3)') as HTMLElement;
    expect(getComputedStyle(empty).display).toBe('none');
    // A body cell with nothing in it is no line of the card either.
    await render({ rows: [{ ...ROWS[0]!, rate: '' }], columns: COLUMNS.map((c) => (c.prop === 'rate' ? { ...c, text: (r: Loan) => r.rate } : c)), summary });
    expect(getComputedStyle(host.querySelector('tbody td:nth-child(3)')!).display).toBe('none');
    expect(getComputedStyle(host.querySelector('tbody td:nth-child(4)')!).display).toBe('flex');
    const total = host.querySelector('tfoot tr:last-child td:nth-child(2)') as HTMLElement;
    expect(getComputedStyle(total, '::before').content).toBe('"金额"');
    expect(host.scrollWidth).toBeLessThanOrEqual(390);
  });

  it('says 暂无数据 for no rows and 表格配置为空 for no columns', async () => {
    await render({ rows: [], summary: { sum: ['je'] } });
    expect(host.querySelector('tbody')?.textContent).toBe('暂无数据');
    expect(host.querySelector('tfoot')).toBeNull();
    expect(headers()).toHaveLength(6);
    await render({ columns: [] });
    expect(host.querySelector('tbody')?.textContent).toBe('表格配置为空');
  });

  it('column chooser: 提交 saves and hides, a new visit keeps it, 重置 restores; by keyboard alone', async () => {
    await render({ settings: KEY });
    await expect.poll(() => headers()).toEqual(['姓名', '金额', '利率', '笔数', '状态', '操作']);
    expect(calls[0]?.path).toBe('getInfo');
    expect(calls[0]?.url.searchParams.get('path')).toBe('/grwt/test');

    const opener = page.getByRole('button', { name: '贷款列表列设置' });
    (opener.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('group', { name: '贷款列表显示的列' })).toBeVisible();
    // 姓名 may not be hidden; focus starts on the first column that may.
    expect(page.getByRole('checkbox', { name: '姓名' }).element()).toBeDisabled();
    expect(document.activeElement).toBe(page.getByRole('checkbox', { name: '金额' }).element());
    await userEvent.keyboard(' ');
    await userEvent.tab(); // 利率
    await userEvent.tab(); // 笔数
    await userEvent.keyboard(' ');
    expect(await axeViolations(host)).toEqual([]);
    await page.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => headers()).toEqual(['姓名', '利率', '状态', '操作']);
    const update = calls.find((c) => c.path === 'update');
    expect(update?.body).toEqual({
      path: '/grwt/test',
      navName: 'loans',
      name: '贷款',
      rule: [
        { prop: 'name', label: '姓名', isShow: 1, disabled: true },
        { prop: 'je', label: '金额', isShow: 0 },
        { prop: 'rate', label: '利率', isShow: 1 },
        { prop: 'n', label: '笔数', isShow: 0 },
        { prop: 'zt', label: '状态', isShow: 1 },
        { prop: 'op', label: '操作', isShow: 1 },
      ],
    });
    expect(document.activeElement).toBe(opener.element());
    // The columns change at once; the server's message comes after the save and the read back (slower under load).
    await expect.poll(() => $toast.get()).toMatchObject({ type: 'success', lines: ['保存成功'] });

    // A new visit (a new table) reads the saved columns.
    await render({ settings: KEY });
    await expect.poll(() => headers()).toEqual(['姓名', '利率', '状态', '操作']);

    // Escape closes without saving; 重置 forgets the setting.
    await page.getByRole('button', { name: '贷款列表列设置' }).click();
    await userEvent.keyboard('{Escape}');
    expect(host.querySelector('[role="group"]')).toBeNull();
    await page.getByRole('button', { name: '贷款列表列设置' }).click();
    await page.getByRole('button', { name: '重置' }).click();
    await expect.poll(() => headers()).toEqual(['姓名', '金额', '利率', '笔数', '状态', '操作']);
    expect(calls.at(-2)?.path).toBe('reset');
    expect(saved).toEqual({});
  });

  it('a saved setting naming no shown column leaves 表格配置为空 only when nothing can show; unknown props are dropped', async () => {
    saved['/grwt/test|loans'] = [
      { prop: 'gone', isShow: 1 },
      { prop: 'zt', isShow: 1 },
      { prop: 'je', isShow: 0 },
    ];
    await render({ settings: KEY, columns: COLUMNS.filter((c) => !c.disabled) });
    // zt first as saved, je hidden, the columns the setting does not name after it.
    await expect.poll(() => headers()).toEqual(['状态', '利率', '笔数', '操作']);
  });

  it('selection and index: a row click toggles, a disabled row does not, 全选 takes the selectable rows; the index counts from the page', async () => {
    function Selecting() {
      const [selected, setSelected] = useState<Set<string>>(new Set());
      return (
        <>
          <output>{[...selected].sort().join(',')}</output>
          <DataTable
            caption="贷款列表"
            columns={COLUMNS}
            rows={ROWS}
            rowKey={(r) => r.id}
            index={{ offset: 10 }}
            selection={{ selected, onChange: setSelected, isDisabled: (r) => r.zt === '9' }}
          />
        </>
      );
    }
    host = document.createElement('main');
    document.body.append(host);
    root = createRoot(host);
    await act(async () => root!.render(<Selecting />));
    expect(headers()).toEqual(['', '序号', '姓名', '金额', '利率', '笔数', '状态', '操作']);
    expect(cells(1).slice(1, 3)).toEqual(['11', '张三']);
    const selection = () => host.querySelector('output')?.textContent;
    await page.getByRole('cell', { name: '李四', exact: true }).click();
    expect(selection()).toBe('b');
    expect(host.querySelector('tbody tr:nth-child(2)')?.getAttribute('aria-selected')).toBe('true');
    // The row's own button is its own: no toggle.
    await page.getByRole('button', { name: '办理 李四' }).click();
    expect(selection()).toBe('b');
    await page.getByRole('cell', { name: '王五', exact: true }).click();
    expect(selection()).toBe('b');
    await page.getByRole('checkbox', { name: '全选本页' }).click();
    expect(selection()).toBe('a,b');
    await page.getByRole('checkbox', { name: '选择第 11 行' }).click();
    expect(selection()).toBe('b');
    expect(await axeViolations(host)).toEqual([]);
  });

  it('at 390 px each row is a card of labelled values, nothing wider than the screen', async () => {
    await page.viewport(390, 800);
    await render({ summary: { sum: ['je'] }, settings: KEY });
    await expect.poll(() => headers()).toHaveLength(6);
    const td = host.querySelector('tbody tr:first-child td:nth-child(2)') as HTMLElement;
    expect(getComputedStyle(td).display).toBe('flex');
    expect(getComputedStyle(td, '::before').content).toBe('"金额"');
    expect(td.innerText).toBe('1,234.50');
    expect(host.scrollWidth).toBeLessThanOrEqual(390);
    // The header row is there for screen readers, not on screen.
    expect((host.querySelector('thead') as HTMLElement).getBoundingClientRect().height).toBeLessThanOrEqual(1);
    expect(await axeViolations(host)).toEqual([]);
  });

  it('without settings there is no chooser and no settings call (signed-out pages); a rowHeader column names the row; isCurrent marks it', async () => {
    await page.viewport(390, 800);
    const columns = COLUMNS.map((c) => (c.prop === 'name' ? { ...c, rowHeader: true } : c));
    await render({ columns, showCaption: true, isCurrent: (r) => r.id === 'b' });
    expect(host.querySelector('.gjj-table__chooser')).toBeNull();
    expect(calls).toEqual([]);
    const th = host.querySelector('tbody tr:first-child th') as HTMLElement;
    expect(th.getAttribute('scope')).toBe('row');
    expect(th.innerText).toBe('张三');
    // The row header is a labelled field of the card like the others, on one line.
    expect(getComputedStyle(th, '::before').content).toBe('"姓名"');
    expect(getComputedStyle(th).display).toBe('flex');
    expect([...host.querySelectorAll('tbody tr')].map((tr) => tr.getAttribute('aria-current'))).toEqual([null, 'true', null]);
    // A shown caption is one line, not one character a line.
    expect(host.querySelector('caption')!.getBoundingClientRect().width).toBeGreaterThan(300);
    expect(await axeViolations(host)).toEqual([]);
  });
  it('at 390 px a page\'s column widths do not squeeze a card: 租房提取 and 暂无评价 stay on one line, fields never collide', async () => {
    await page.viewport(390, 800);
    // The page's grid widths (as 事项评价's: fixed layout, first column 28 %, a nowrap statistic).
    const style = document.createElement('style');
    style.textContent = '.narrow .data-table { table-layout: fixed; } .narrow .data-table th:first-child { width: 28%; } .narrow .stat { white-space: nowrap; }';
    document.head.append(style);
    try {
      const columns: TableColumn<Loan>[] = [
        { prop: 'name', label: '事项', rowHeader: true },
        { prop: 'n', label: '评价数', type: 'formatNum' },
        { prop: 'rate', label: '满意率', type: 'custom', render: () => <span className="stat">暂无评价</span> },
        { prop: 'zt', label: '各等级评价数' },
      ];
      await render({ columns, rows: [{ ...ROWS[0]!, name: '租房提取' }], className: 'narrow', showCaption: true });
      const th = host.querySelector('tbody th') as HTMLElement;
      const lineHeight = parseFloat(getComputedStyle(th).lineHeight);
      // One line: the value is not broken one character a line.
      expect(th.getBoundingClientRect().height).toBeLessThan(lineHeight * 1.5 + 12);
      expect(th.getBoundingClientRect().width).toBeGreaterThan(300);
      const fields = [...host.querySelectorAll('tbody tr > *')].map((c) => c.getBoundingClientRect());
      for (let i = 1; i < fields.length; i += 1) expect(fields[i]!.top).toBeGreaterThanOrEqual(fields[i - 1]!.bottom - 0.5);
      const stat = host.querySelector('.stat')!.getBoundingClientRect();
      expect(stat.right).toBeLessThanOrEqual(th.getBoundingClientRect().right);
      expect(host.scrollWidth).toBeLessThanOrEqual(390);
      expect(await axeViolations(host)).toEqual([]);
    } finally {
      style.remove();
    }
  });

  it('a table wider than its place scrolls in a labelled region that Tab reaches; one that fits is no region', async () => {
    await render();
    expect(host.querySelector('[role="region"]')).toBeNull();
    expect(host.querySelector('.gjj-table__scroll')!.hasAttribute('tabindex')).toBe(false);
    host.style.width = '320px';
    const region = page.getByRole('region', { name: '贷款列表（可左右滚动）' });
    await expect.element(region).toBeInTheDocument();
    const el = region.element() as HTMLElement;
    expect(el.tabIndex).toBe(0);
    expect(el.scrollWidth).toBeGreaterThan(el.clientWidth);
    // The arrows scroll it once it has focus.
    el.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    await expect.poll(() => el.scrollLeft).toBeGreaterThan(0);
    expect(await axeViolations(host)).toEqual([]);
  });
});
