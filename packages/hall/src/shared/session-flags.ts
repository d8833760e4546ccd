import { stores } from './services';

/**
 * Flags of spec 3.1 kept in this tab's session storage: the prompts after sign-in are due (set by the login page,
 * cleared by the shell once shown), and the notice banner has been closed.
 */
export const sessionFlags = {
  promptsDue: {
    get: () => stores.storage.get('promptsDue', { session: true }) === true,
    set: (on: boolean) => (on ? stores.storage.set('promptsDue', true, { session: true }) : stores.storage.remove('promptsDue', { session: true })),
  },
  noticeClosed: {
    get: () => stores.storage.get('noticeShown', { session: true }) === true,
    set: () => stores.storage.set('noticeShown', true, { session: true }),
  },
};
