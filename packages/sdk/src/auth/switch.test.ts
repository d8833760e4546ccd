import { describe, expect, it } from 'vitest';
import { fakeCentre } from '../test-support/fake-centre';
import { SWITCH_PATHS, switchUser, switchableAccounts } from './switch';

const zhang = {
  id: '1',
  nikName: '张三',
  otherInfo: [
    { account: '110101199003072316', id: '1', nikName: '张三', companyName: '', userStatus: '01', accountType: '个人缴存账户' },
    { account: '110101199003072316', id: 2, nikName: '张三', companyName: '', userStatus: '02', accountType: '灵活就业缴存账户' },
    { account: 'x', nikName: '无编号' } as never,
  ],
};

describe('switchableAccounts', () => {
  it("lists the login's accounts with ids, marks the current one and tags each status (spec 6)", () => {
    expect(switchableAccounts(zhang, 1)).toEqual([
      { id: '1', account: '110101199003072316', name: '张三', accountType: '个人缴存账户', userStatus: '01', tag: 'success', current: true },
      { id: '2', account: '110101199003072316', name: '张三', accountType: '灵活就业缴存账户', userStatus: '02', tag: 'danger', current: false },
    ]);
  });

  it('names units by company and tags them by the unit rule', () => {
    const unit = { id: '7', otherInfo: [{ id: '7', account: '100200300001', companyName: '示例科技有限公司', nikName: '陈晓', userStatus: '03' }, { id: '8', account: '100200300002', companyName: '示例二公司', userStatus: '04' }] };
    const list = switchableAccounts(unit, 2);
    expect(list.map((a) => [a.name, a.tag, a.current])).toEqual([
      ['示例科技有限公司', 'success', true],
      ['示例二公司', 'danger', false],
    ]);
  });

  it('is empty without accounts', () => {
    expect(switchableAccounts(null, 1)).toEqual([]);
    expect(switchableAccounts({ otherInfo: 'x' as never }, 1)).toEqual([]);
  });
});

describe('switchUser', () => {
  it('asks GET switchUser with toUserId, and rejects on a 403', async () => {
    const { client, calls } = fakeCentre({
      [SWITCH_PATHS.switchUser]: (url) =>
        url.searchParams.get('toUserId') === '2' ? { code: 0, msg: '切换成功', data: { id: '2' } } : { status: 403, body: { code: 403, msg: '只能切换到本登录名下的账户' } },
    });
    await switchUser(client, '2');
    expect(calls).toEqual(['GET /api/auth/v1/switchUser?toUserId=2']);
    await expect(switchUser(client, '9')).rejects.toThrow('只能切换到本登录名下的账户');
  });
});
