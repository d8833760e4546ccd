import { useEffect, useState } from 'react';
import { loadLoginPrompts, type PromptData } from '@gjj-hall/sdk/auth';
import { client, stores } from '../../shared/services';
import { sessionFlags } from '../../shared/session-flags';
import { PromptDialog } from '../../shared/ui/prompt-dialog';

/**
 * The prompts after sign-in (spec 4.3): information completeness, then the unit's interest statement, one after the
 * other in the prompt dialog. Run once per sign-in; developers have none.
 */
export function LoginPrompts() {
  const [queue, setQueue] = useState<PromptData[]>([]);
  useEffect(() => {
    if (!sessionFlags.promptsDue.get()) return;
    sessionFlags.promptsDue.set(false);
    const buttonMap = stores.session.$buttonMap.get();
    void loadLoginPrompts(client, {
      loginType: stores.session.$loginType.get(),
      roles: stores.session.$userInfo.get()?.roles,
      canOpen: (path) => Object.prototype.hasOwnProperty.call(buttonMap, path),
    }).then(setQueue);
  }, []);
  return <PromptDialog prompt={queue[0] ?? null} onClose={() => setQueue((q) => q.slice(1))} />;
}
