import { useEffect } from 'react';
import { SITE_NAME } from '#shared/constants.ts';

/** The full document title: "<title> | Shark Security", or a title that already names the site as it is. */
export const fullTitle = (title: string) =>
  title === SITE_NAME || title.startsWith(`${SITE_NAME} | `) ? title : `${title} | ${SITE_NAME}`;

/** Every route sets its document title (the same the server wrote into the head: see the route table). */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    if (title) document.title = fullTitle(title);
  }, [title]);
}
