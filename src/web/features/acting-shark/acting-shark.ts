// Whose workspace a page shows: a shark's own, or, for an admin, the shark named by ?sharkId= in the URL
// (so the admin console can link straight to it and a reload keeps the choice). Every workspace call and link
// names that shark the same way, so the workspace, courses, credentials, reviews, availability and the admin
// console share this part (decision 110).
import { useSearchParams } from 'react-router';
import { withQuery } from '#web/lib/api-client.ts';
import { useSession } from '#web/features/viewer/api.ts';

/** A workspace path (an API call or a page) for the shark an admin acts for: `?sharkId=` when there is one. */
export const withSharkId = (path: string, sharkId?: string) => withQuery(path, { sharkId });

export function useActingShark() {
  const { roles, isPending } = useSession();
  const [params, setParams] = useSearchParams();
  const isShark = roles.includes('shark');
  const isAdmin = roles.includes('admin');
  const requested = params.get('sharkId') || undefined;
  // An account that is both shark and admin works on its own row unless it names another shark.
  const actsAsAdmin = isAdmin && (!!requested || !isShark);
  return {
    /** False until the session (and so the roles) are known: nothing is fetched for the wrong shark meanwhile. */
    ready: !isPending,
    sharkId: actsAsAdmin ? requested : undefined,
    actsAsAdmin,
    /** An admin who has not chosen a shark yet sees only the picker. */
    needsPick: actsAsAdmin && !requested,
    choose: (id: string) => setParams(id ? { sharkId: id } : {}),
  };
}
