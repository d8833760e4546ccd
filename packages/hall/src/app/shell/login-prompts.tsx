import { useEffect, useRef, useState } from 'react';
import { loadLoginPrompts, type PromptData } from '@gjj-hall/sdk/auth';
import { isOpenPage, loadBuiltPages, openPrompt } from '../../shared/open-pages';
import { $menuRoutes, client, stores } from '../../shared/services';
import { sessionFlags } from '../../shared/session-flags';
import { PromptDialog } from '../../shared/ui/prompt-dialog';

/**
 * The prompts after sign-in (spec 4.3): information completeness, then the unit's interest statement, one after the
 * other in the prompt dialog. Run once per sign-in; developers have none. A hidden `data-login-prompts` marker says
 * whether they are still being asked for ('loading') or decided ('settled'), so that automated checks (and a host
 * page) can tell "no prompt" from "no prompt yet". Each kind of login gets only its own prompts (the sdk asks by login
 * type), and a prompt never leads to a page the hall has not built: it says where to go instead (`openPrompt`).
 */
export function LoginPrompts() {
  const [queue, setQueue] = useState<PromptData[]>([]);
  const [loading, setLoading] = useState(() => sessionFlags.promptsDue.get());
  const marker = useRef<HTMLSpanElement>(null);
  // Set here, not by render: this effect runs after the dialog's own (children's effects come first), so 'settled'
  // never shows before a prompt's dialog has opened.
  useEffect(() => {
    if (!loading && marker.current) marker.current.dataset.loginPrompts = 'settled';
  }, [loading]);
  useEffect(() => {
    if (!sessionFlags.promptsDue.get()) return;
    sessionFlags.promptsDue.set(false);
    const buttonMap = stores.session.$buttonMap.get();
    const opens = (path: string) => isOpenPage($menuRoutes.get(), path);
    void loadBuiltPages()
      .catch(() => undefined)
      .then(() =>
        loadLoginPrompts(client, {
          loginType: stores.session.$loginType.get(),
          roles: stores.session.$userInfo.get()?.roles,
          canOpen: (path) => Object.prototype.hasOwnProperty.call(buttonMap, path) && opens(path),
        }),
      )
      .then((prompts) => setQueue(prompts.map((prompt) => openPrompt(prompt, opens))))
      .finally(() => setLoading(false));
  }, []);
  return (
    <>
      <span hidden ref={marker} data-login-prompts="loading" />
      <PromptDialog prompt={queue[0] ?? null} onClose={() => setQueue((q) => q.slice(1))} />
    </>
  );
}
