import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { HashRouter, useLocation, useNavigate, type Location } from 'react-router';
import { useStore } from '@nanostores/react';
import { $systemEvent, stores } from '../shared/services';
import { toast } from '../shared/toast';
import { ToastHost } from '../shared/ui/toast-host';
import { FullScreenLoader } from '../shared/ui/loader';
import { BackToTop } from './back-to-top';
import { guard } from './guard';

// The idle watcher and its warning (spec 4.6, issue 37) load with the session: a signed-out page never needs them.
const IdleWatcher = lazy(async () => ({ default: (await import('./idle-watcher')).IdleWatcher }));
function SignedInIdleWatcher() {
  return useStore(stores.session.$signedIn) ? (
    <Suspense fallback={null}>
      <IdleWatcher />
    </Suspense>
  ) : null;
}
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
  const shown = useRef(false);

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
  useEffect(() => {
    if (approved) shown.current = true;
  }, [approved]);

  // A page change after the first page: the toast of the page left closes, and focus goes to the new page's heading
  // (docs/api-shell.md, "Page changes"). The first load and its redirects are left alone.
  const lastPath = useRef(location.pathname);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (lastPath.current === location.pathname) return;
    lastPath.current = location.pathname;
    if (!shown.current) return;
    toast.navigated();
    setAnnouncement('');
    // The heading on screen now is the page being left's; the focus code is a small chunk, loaded on the first change.
    const previous = [...document.querySelectorAll<HTMLElement>('main h1')].find((h) => h.getClientRects().length > 0) ?? null;
    const previousText = previous?.textContent ?? null;
    let cancel: (() => void) | undefined;
    let cancelled = false;
    void import('./route-focus').then(({ focusPageHeading }) => {
      if (!cancelled) cancel = focusPageHeading(previous, { previousText, announce: setAnnouncement });
    });
    return () => {
      cancelled = true;
      cancel?.();
    };
  }, [location.pathname]);

  return (
    <>
      {approved ? <AppRoutes location={approved} /> : <FullScreenLoader />}
      <p className="visually-hidden" role="status" data-route-announcer="">
        {announcement}
      </p>
    </>
  );
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
      <SignedInIdleWatcher />
      <BackToTop />
      <ToastHost />
      <SystemDialogHost />
    </HashRouter>
  );
}
