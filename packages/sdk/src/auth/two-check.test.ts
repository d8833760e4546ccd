import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../client/errors';
import { fakeCentre, ok } from '../test-support/fake-centre';
import { TWO_CHECK_PATHS, confirmTwoCheck, fetchTwoCheckCode, fetchTwoCheckGrant, fetchTwoCheckStatus, refuseTwoCheck, scanTwoCheck } from './two-check';

const INFO = {
  codeId: 'c-1',
  menuTitle: '个人明细查询',
  status: 'scanned',
  createdAt: '2026-11-26T02:00:00.000Z',
  expiresAt: '2026-11-26T02:02:00.000Z',
  browser: 'Chrome 浏览器（Windows）',
  place: '本机/内网地址（127.0.0.1）',
};

describe('second-check calls', () => {
  it('asks for a code with the menu id and reads spec 3.7', async () => {
    let query = new URLSearchParams();
    const { client } = fakeCentre({
      [TWO_CHECK_PATHS.code]: (url) => {
        query = url.searchParams;
        return ok({ codeImgBase64: 'data:image/png;base64,AA', codeId: 'c-1', exp: '120' });
      },
    });
    expect(await fetchTwoCheckCode(client, 1112)).toEqual({ codeImgBase64: 'data:image/png;base64,AA', codeId: 'c-1', exp: 120 });
    expect(query.get('menuId')).toBe('1112');
  });

  it('reads the status as a number, and the grant as booleans', async () => {
    const { client } = fakeCentre({
      [TWO_CHECK_PATHS.status]: () => ok({ status: '10' }),
      [TWO_CHECK_PATHS.grant]: () => ok({ required: true, granted: true, expiresAt: '2026-11-26T02:10:00.000Z' }),
    });
    expect(await fetchTwoCheckStatus(client, 'c-1')).toEqual({ status: 10 });
    expect(await fetchTwoCheckGrant(client, 1112)).toEqual({ required: true, granted: true, expiresAt: '2026-11-26T02:10:00.000Z' });
  });

  it('a grant answer without granted: true is not a grant', async () => {
    const { client } = fakeCentre({ [TWO_CHECK_PATHS.grant]: () => ok({}) });
    expect(await fetchTwoCheckGrant(client, 1112)).toEqual({ required: true, granted: false, expiresAt: null });
  });

  it('scan, confirm and refuse post the code id and read what the phone shows', async () => {
    const bodies: unknown[] = [];
    const answer = (status: string) => (_url: URL, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return ok({ ...INFO, status });
    };
    const { client } = fakeCentre({
      [TWO_CHECK_PATHS.scan]: answer('scanned'),
      [TWO_CHECK_PATHS.confirm]: answer('confirmed'),
      [TWO_CHECK_PATHS.refuse]: answer('refused'),
    });
    expect(await scanTwoCheck(client, 'c-1')).toEqual(INFO);
    expect((await confirmTwoCheck(client, 'c-1')).status).toBe('confirmed');
    expect((await refuseTwoCheck(client, 'c-1')).status).toBe('refused');
    expect(bodies).toEqual([{ codeId: 'c-1' }, { codeId: 'c-1' }, { codeId: 'c-1' }]);
  });

  it('another login: rejects silently with the 403 (the page says it in place)', async () => {
    const onError = vi.fn();
    const { client } = fakeCentre(
      { [TWO_CHECK_PATHS.scan]: { status: 403, body: { code: 403, msg: '您无权查看或处理此二维码，请使用与电脑上相同的账号登录后扫码' } } },
      { onError },
    );
    await expect(scanTwoCheck(client, 'c-1')).rejects.toBeInstanceOf(HttpError);
    expect(onError).not.toHaveBeenCalled();
  });
});
