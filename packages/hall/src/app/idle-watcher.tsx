import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { createIdleTimer, systemClock } from '@gjj-hall/sdk';
import { useStore } from '@nanostores/react';
import { stores } from '../shared/services';
import { signOut } from '../shared/sign-out';
import { toast } from '../shared/toast';

/** What counts as activity (spec 4.6 names mouse press and scroll; key presses keep keyboard users signed in). */
const ACTIVITY_EVENTS = ['mousedown', 'scroll', 'keydown'] as const;

/**
 * Idle sign-out (spec 4.6) while signed in: activity on routes that are not exempt is recorded in the session; a
 * check every 5 s signs out after more than 30 minutes, showing the sdk's message for 3.5 s first, then replaces
 * the route with /login. Time comes from the sdk's system clock (Date.now and setInterval), which a test can fake.
 */
export function IdleWatcher() {
  const signedIn = useStore(stores.session.$signedIn);
  const location = useLocation();
  const navigate = useNavigate();
  const path = useRef(location.pathname);
  useEffect(() => {
    path.current = location.pathname;
  }, [location.pathname]);

  useEffect(() => {
    if (!signedIn) return;
    const idle = createIdleTimer({
      clock: systemClock,
      getRoute: () => path.current,
      store: { get: () => stores.session.$lastActivity.get(), set: (at) => stores.session.recordActivity(at) },
      onWarn: (message, durationMs) => toast.error(message, { duration: durationMs }),
      onTimeout: () => {
        void signOut().then(() => navigate('/login', { replace: true }));
      },
    });
    for (const type of ACTIVITY_EVENTS) addEventListener(type, idle.recordActivity, { passive: true, capture: true });
    idle.start();
    return () => {
      idle.stop();
      for (const type of ACTIVITY_EVENTS) removeEventListener(type, idle.recordActivity, { capture: true });
    };
  }, [signedIn, navigate]);

  return null;
}
