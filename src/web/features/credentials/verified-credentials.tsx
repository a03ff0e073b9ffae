// The public profile's verified credentials (decision 032): only what an admin verified, each with its
// "Verified by Shark Security on <date>" mark; an expired one says so. Renders nothing when there are none.
import { CREDENTIAL_MSG } from '#shared/credentials-texts.ts';
import { formatDayOf } from '#web/lib/format.ts';
import { usePublicCredentials } from './api';

/** `count` is the catalogue's count of verified credentials: with none, nothing is asked of the API. */
export function VerifiedCredentials({ sharkId, count }: { sharkId: string; count?: number }) {
  const credentials = usePublicCredentials(sharkId, count !== 0);
  if (!credentials.data || credentials.data.length === 0) return null;
  return (
    <section aria-labelledby="verified-credentials-title" className="glass p-5 sm:p-6">
      <h2 id="verified-credentials-title" className="text-lg font-semibold text-ink-100">
        Verified credentials
      </h2>
      <ul className="mt-3 flex flex-col gap-3" aria-label="Verified credentials">
        {credentials.data.map((c) => (
          <li key={c.id} className="text-sm">
            <a
              href={c.url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="font-medium text-accent-400 hover:underline"
            >
              {c.name}
            </a>
            {c.issuer ? <span className="text-ink-300"> · {c.issuer}</span> : null}
            {c.expired ? (
              <span className="ml-2 rounded-full border border-warning-400/40 px-2 py-0.5 text-xs text-warning-400">
                {CREDENTIAL_MSG.expired}
              </span>
            ) : null}
            <p className="muted text-xs">
              {CREDENTIAL_MSG.verifiedBy} {formatDayOf(c.verifiedAt)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
