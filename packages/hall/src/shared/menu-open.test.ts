import { describe, expect, it } from 'vitest';
import { MENUS } from './menu-fixture';
import { menuOpenStep } from './menu-open';
import { menuTree } from './menu-view';

const tab = menuTree(MENUS)[0]!.children[1]!.children[0]!;
const [open, face, paused] = tab.children as [typeof tab, typeof tab, typeof tab];

describe('menuOpenStep (spec 4.2)', () => {
  it('opens enable 1', () => {
    expect(menuOpenStep(open, '100')).toEqual({ kind: 'navigate', to: '/grwt/zhxx/zhcx/grzhxx' });
  });

  it('asks for face verification for enable 10, unless the user signed in by face (400)', () => {
    expect(menuOpenStep(face, '100')).toEqual({ kind: 'face-verify', to: '/grwt/zhxx/zhcx/grmxcx' });
    expect(menuOpenStep(face, 400)).toEqual({ kind: 'navigate', to: '/grwt/zhxx/zhcx/grmxcx' });
  });

  it('shows the pause note, or the default one', () => {
    expect(menuOpenStep(paused, '100')).toEqual({ kind: 'notice', message: '系统升级，暂停办理' });
    const noNote = { ...paused, entry: { ...paused.entry, bz: '' } };
    expect(menuOpenStep(noNote, '100')).toEqual({ kind: 'notice', message: '功能已停用，请联系管理员' });
  });

  it('an entry without an address is not open yet', () => {
    const nowhere = { ...open, entry: { ...open.entry, path: '' } };
    expect(menuOpenStep(nowhere, '100')).toEqual({ kind: 'notice', message: '功能暂未开放，敬请期待' });
  });

  it('an entry whose page is not built opens its not-open page, before any second check (issue 30)', () => {
    expect(menuOpenStep(face, '100', false)).toEqual({ kind: 'navigate', to: '/grwt/zhxx/zhcx/grmxcx' });
    expect(menuOpenStep(open, '100', false)).toEqual({ kind: 'navigate', to: '/grwt/zhxx/zhcx/grzhxx' });
    // A paused entry still shows its pause note.
    expect(menuOpenStep(paused, '100', false)).toEqual({ kind: 'notice', message: '系统升级，暂停办理' });
  });
});
