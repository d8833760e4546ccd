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
 * 功能已停用，请联系管理员; an entry without an address is not open yet.
 *
 * @example
 * menuOpenStep(node, '100') // { kind: 'navigate', to: '/grwt/zhxx/zhcx/grzhxx' }
 */
export function menuOpenStep(node: MenuNode, loginMethod: unknown): MenuOpenStep {
  const decision = menuEnableAction({ ...node.entry, path: node.entry.path ? node.fullPath : '' }, { loginMethod });
  switch (decision.action) {
    case 'open':
      return { kind: 'navigate', to: node.fullPath };
    case 'face-verify':
      return { kind: 'face-verify', to: node.fullPath };
    default:
      return { kind: 'notice', message: decision.message };
  }
}
