import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { NavigationType, UNSAFE_LocationContext, useLocation, useOutlet, type Location } from 'react-router';

/** How many pages are kept alive at most (the least recently shown goes first). */
export const KEEP_ALIVE_MAX = 5;

interface Kept {
  key: string;
  element: ReactNode;
  location: Location;
}

/**
 * The shell's content with page caching by route meta (spec 2.5): a page whose route has noCache false stays
 * mounted, hidden, when the user navigates away, so coming back finds it as it was; noCache pages are rebuilt.
 * A hidden page keeps seeing the address it was opened at, so it does not react to the pages shown after it.
 */
export function KeepAliveOutlet({ keep, fallback }: { keep: boolean; fallback: ReactNode }) {
  const outlet = useOutlet();
  const location = useLocation();
  const { pathname } = location;
  const [cache, setCache] = useState<Kept[]>([]);

  useEffect(() => {
    // Remember the page as it is now; it is rendered from here once the user has moved on.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the cache follows navigation, not render
    setCache((entries) => {
      const others = entries.filter((e) => e.key !== pathname);
      return keep ? [...others, { key: pathname, element: outlet, location }].slice(-KEEP_ALIVE_MAX) : others;
    });
    // The outlet element changes on every render; the cache only needs it when the page changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, keep]);

  // One keyed list, the current page in it too: a page keeps its state whether shown or hidden.
  const entries = [...cache.filter((e) => e.key !== pathname), { key: pathname, element: outlet, location }];
  return (
    <>
      {entries.map((e) => (
        <div key={e.key} hidden={e.key !== pathname}>
          <UNSAFE_LocationContext.Provider value={{ location: e.location, navigationType: NavigationType.Pop }}>
            <Suspense fallback={fallback}>{e.element}</Suspense>
          </UNSAFE_LocationContext.Provider>
        </div>
      ))}
    </>
  );
}
