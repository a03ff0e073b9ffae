import { useEffect } from 'react';

const SITE = 'Shark Security';

/** Every route sets its document title. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    if (title) document.title = title === SITE ? SITE : `${title} | ${SITE}`;
  }, [title]);
}
