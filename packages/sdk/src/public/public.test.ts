import { describe, expect, it } from 'vitest';
import { createClient } from '../client/client';
import { apiUrl, downloadFile, newIdempotencyKey, pageWindow, validateComplaint } from './public';

describe('validateComplaint', () => {
  it('gives the spec messages for each field', () => {
    expect(validateComplaint({ tslx: '', zrbm: '', nr: '' })).toEqual({
      tslx: '请选择类型',
      zrbm: '请选择责任部门',
      nr: '请输入意见！',
    });
    expect(validateComplaint({ tslx: '01', zrbm: '02', nr: '  很好很好  ' }).nr).toBe('意见不得少于五个字！');
    expect(validateComplaint({ tslx: '01', zrbm: '02', nr: '服务很周到' })).toEqual({});
    expect(validateComplaint({ tslx: '01', zrbm: '02', nr: '字'.repeat(501) }).nr).toBe('意见不能超过 500 个字');
  });

  it('takes a mobile or a landline with area code, never a masked number', () => {
    const base = { tslx: '01', zrbm: '02', nr: '服务很周到' };
    expect(validateComplaint({ ...base, lxdh: '13912345678' })).toEqual({});
    expect(validateComplaint({ ...base, lxdh: '0571-87654321' })).toEqual({});
    expect(validateComplaint({ ...base, lxdh: '139****5678' }).lxdh).toBe('请输入正确的联系电话（手机号码或带区号的固定电话）');
    expect(validateComplaint({ ...base, lxdh: '12345' }).lxdh).toBe('请输入正确的联系电话（手机号码或带区号的固定电话）');
  });
});

describe('apiUrl', () => {
  it('puts the client base before a server path and leaves absolute addresses alone', () => {
    const client = createClient({ baseURL: 'https://gjj.example.gov.cn/' });
    expect(apiUrl(client, '/api/x?id=1')).toBe('https://gjj.example.gov.cn/api/x?id=1');
    expect(apiUrl(client, 'https://cdn.example.cn/a.mp4')).toBe('https://cdn.example.cn/a.mp4');
    expect(apiUrl(createClient(), '/api/x')).toBe('/api/x');
  });
});

describe('newIdempotencyKey', () => {
  it('makes a new key each time in the form the server accepts', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[A-Za-z0-9\-_.:]{8,128}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});

describe('downloadFile', () => {
  it('reports progress as chunks arrive and hands back every byte', async () => {
    const parts = [new Uint8Array([37, 80, 68, 70]), new Uint8Array(1000).fill(7), new Uint8Array([10])];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const p of parts) controller.enqueue(p);
        controller.close();
      },
    });
    const fetch = async () =>
      new Response(body, { headers: { 'content-type': 'application/pdf', 'content-length': '1005' } });
    const client = createClient({ fetch });
    const seen: Array<[number, number]> = [];
    const blob = await downloadFile(client, { url: '/api/izfgjj-zhfw/v1/cyxz/download?id=1' }, {
      onProgress: ({ loaded, total }) => seen.push([loaded, total]),
    });
    expect(blob.size).toBe(1005);
    expect(blob.type).toBe('application/pdf');
    expect(seen[0]).toEqual([0, 1005]);
    expect(seen.at(-1)).toEqual([1005, 1005]);
    expect(seen.length).toBe(4);
  });

  it('names the file as the server does (filename*, else filename), for a preview opened by its address (issue 23)', async () => {
    const answer = (cd: string) => async () => new Response('%PDF-1.4', { headers: { 'content-type': 'application/pdf', 'content-disposition': cd } });
    const nameOf = async (cd: string) => {
      const names: string[] = [];
      await downloadFile(createClient({ fetch: answer(cd) }), { url: '/x' }, { onFileName: (n) => void names.push(n) });
      return names;
    };
    expect(await nameOf(`attachment; filename="_____.pdf"; filename*=UTF-8''${encodeURIComponent('个人缴存证明.pdf')}`)).toEqual(['个人缴存证明.pdf']);
    expect(await nameOf('attachment; filename="form.docx"')).toEqual(['form.docx']);
    expect(await nameOf(`attachment; filename="a.pdf"; filename*=UTF-8''%E0%A4%A`)).toEqual(['a.pdf']);
    expect(await nameOf('attachment')).toEqual([]);
  });
});

describe('pageWindow', () => {
  it('offers the first, the last and two either side of the current page, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(5, 10)).toEqual([1, null, 3, 4, 5, 6, 7, null, 10]);
    expect(pageWindow(10, 10)).toEqual([1, null, 8, 9, 10]);
  });
});
