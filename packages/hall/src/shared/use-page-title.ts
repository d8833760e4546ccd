import { useEffect } from 'react';
import { SITE } from './site';

/** Sets the document title to "page - hall name", so each screen is announced and bookmarked by its name. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} - ${SITE.hallName}` : SITE.hallName;
  }, [title]);
}
