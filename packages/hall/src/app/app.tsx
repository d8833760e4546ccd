import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { HashRouter, useLocation, useNavigate, type Location } from 'react-router';
import { useStore } from '@nanostores/react';
import { $systemEvent } from '../shared/services';
import { ToastHost } from '../shared/ui/toast-host';
import { FullScreenLoader } from '../shared/ui/loader';
import { BackToTop } from './back-to-top';
import { guard } from './guard';
import { IdleWatcher } from './idle-watcher';
import { AppRoutes } from './routes';

const SystemDialogs = lazy(async () => ({ default: (await import('./system-dialogs')).SystemDialogs }));

/**
 * Runs the route guard (spec 4.1) on every navigation and renders the location it lets through. While a check is
 * under way the previous page stays (a loader shows only on the first load); a redirect replaces the address.
 */
function GuardedRoutes() {
  const location = useLocation();
  const navigate = useNavigate();
  const [approved, setApproved] = useState<Location | null>(null);
  const sequence = useRef(0);

  useEffect(() => {
    const id = ++sequence.current;
    void guard.check(location.pathname).then((outcome) => {
      if (id !== sequence.current) return; // a newer navigation won
      if (outcome.action === 'redirect' && outcome.to !== location.pathname) {
        navigate(outcome.to, { replace: true });
      } else {
        setApproved(location);
      }
    });
  }, [location, navigate]);

  // Scroll to the top on every navigation (spec 2.1).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [approved?.pathname]);

  if (!approved) return <FullScreenLoader />;
  return <AppRoutes location={approved} />;
}

/** The 401 and 403 dialogs (spec 8), loaded the first time a call meets either. */
function SystemDialogHost() {
  const event = useStore($systemEvent);
  if (!event) return null;
  return (
    <Suspense fallback={null}>
      <SystemDialogs />
    </Suspense>
  );
}

/** The hall: hash routing (spec 1), the guarded routes, and what every page shares. */
export function App() {
  return (
    <HashRouter>
      <GuardedRoutes />
      <IdleWatcher />
      <BackToTop />
      <ToastHost />
      <SystemDialogHost />
    </HashRouter>
  );
}
