import { menuEnableAction } from '@gjj-hall/sdk/menu';
import type { MenuNode } from './menu-view';

/** What picking a menu tile does (spec 4.2). */
export type MenuOpenStep =
  | { kind: 'navigate'; to: string }
  | { kind: 'face-verify'; to: string }
  | { kind: 'notice'; message: string };

/**
 * Decides what picking a menu entry does (spec 4.2): enable 1 (or none) opens it; 10 asks for face verification
 * unless the user signed in by face (login method 400); any other value shows the pause note `bz`, or
 * 功能已停用，请联系管理员; an entry without an address is not open yet. An entry whose page the hall has not built
 * (`built` false: see `isOpenPage`) opens its not-open page at once, before any second check (issue 30): nobody is
 * asked to scan a QR code for a page that says 该业务暂未开通网上办理.
 *
 * @example
 * menuOpenStep(node, '100') // { kind: 'navigate', to: '/grwt/zhxx/zhcx/grzhxx' }
 * menuOpenStep(enable10Node, '100', false) // { kind: 'navigate', to: '/grwt/dkSys/dkyw/dksq' }
 */
export function menuOpenStep(node: MenuNode, loginMethod: unknown, built = true): MenuOpenStep {
  const decision = menuEnableAction({ ...node.entry, path: node.entry.path ? node.fullPath : '' }, { loginMethod });
  if (!built && (decision.action === 'open' || decision.action === 'face-verify')) return { kind: 'navigate', to: node.fullPath };
  switch (decision.action) {
    case 'open':
      return { kind: 'navigate', to: node.fullPath };
    case 'face-verify':
      return { kind: 'face-verify', to: node.fullPath };
    default:
      return { kind: 'notice', message: decision.message };
  }
}
