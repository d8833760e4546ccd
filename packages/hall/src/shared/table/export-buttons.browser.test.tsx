import { afterEach, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { createRoot, type Root } from 'react-dom/client';
import { act } from 'react';
import { axeViolations } from '../../../../../test/support/axe';
import { ExportButtons } from './export-buttons';
import '../../app/styles.css';

// 导出 with the bytes received shown as a streamed answer arrives, then the file saved.
let root: Root | null = null;
let host: HTMLElement;
afterEach(async () => {
  await act(async () => root?.unmount());
  host?.remove();
  vi.unstubAllGlobals();
});

it('shows the bytes received while the file streams in, refuses a second export meanwhile, then saves it', async () => {
  let push!: (bytes: Uint8Array | null) => void;
  const requested: URL[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    requested.push(new URL(String(input), location.href));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (bytes) => (bytes ? controller.enqueue(bytes) : controller.close());
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/csv; charset=utf-8' } });
  });
  const saved: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  host = document.createElement('main');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<ExportButtons path="/api/izfgjj-zhfw/v1/ywsq/export" params={{ zt: '03' }} fileName="我的业务" />));

  await page.getByRole('button', { name: '导出 CSV' }).click();
  await expect.poll(() => requested.length).toBe(1);
  expect(requested[0]?.searchParams.get('format')).toBe('csv');
  expect(requested[0]?.searchParams.get('zt')).toBe('03');
  await act(async () => push(new Uint8Array(3072)));
  await expect.element(page.getByRole('status')).toHaveTextContent('正在导出，已接收 3.0 KB');
  expect(page.getByRole('button', { name: '导出 Excel' }).element()).toBeDisabled();
  expect(await axeViolations(host)).toEqual([]);
  await act(async () => push(new Uint8Array(2048)));
  await expect.element(page.getByRole('status')).toHaveTextContent('已接收 5.0 KB');
  await act(async () => push(null));
  await expect.element(page.getByRole('status')).toHaveTextContent('已导出 我的业务（5.0 KB）');
  expect(saved).toEqual([expect.stringMatching(/^我的业务_\d{8}\.csv$/)]);
  expect(requested).toHaveLength(1);
  // Another query (another account, another period): the word about the last file goes, it was of the query before.
  await act(async () => root!.render(<ExportButtons path="/api/izfgjj-zhfw/v1/ywsq/export" params={{ zt: '03' }} fileName="我的业务" />));
  await expect.element(page.getByRole('status')).toHaveTextContent('已导出 我的业务（5.0 KB）');
  await act(async () => root!.render(<ExportButtons path="/api/izfgjj-zhfw/v1/ywsq/export" params={{ zt: '04' }} fileName="我的业务" />));
  await expect.element(page.getByRole('status')).not.toHaveTextContent('已导出');
  click.mockRestore();
});
