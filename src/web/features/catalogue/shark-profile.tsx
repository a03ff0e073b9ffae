// A shark's public profile around its parts: the preview banner (an unpublished shark on its own page), the
// breadcrumb, the header and the tabs. The page passes the parts that other features fill; while it loads,
// the skeleton; for an unknown shark, "Shark not found".
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Shark } from '#shared/catalogue.ts';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';
import { paths } from '#shared/routes.ts';
import type { SharkProfile as WorkspaceProfile } from '#shared/workspace.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';

export function SharkProfileFrame({
  preview,
  header,
  children,
}: {
  preview: boolean;
  header: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="container-page flex flex-col gap-8 py-10 sm:py-14">
      {preview ? (
        <p
          role="status"
          className="rounded-xl border border-warning-400/50 bg-warning-400/10 px-4 py-3 text-sm font-medium text-warning-400"
        >
          {CATALOGUE_MSG.preview}
        </p>
      ) : null}
      <nav aria-label="Breadcrumb" className="text-sm text-ink-400">
        <Link to={paths.sharks.list} className="inline-flex min-h-11 items-center hover:text-accent-300">
          ← All sharks
        </Link>
      </nav>
      {header}
      {children}
    </div>
  );
}

/** A shark's own workspace profile as the public page's shape (no public numbers yet), for its preview. */
export const asPreviewShark = (p: WorkspaceProfile, id: string): Shark => ({
  id,
  name: p.name,
  codeName: p.codeName,
  specialization: p.specialization ?? 'pentesting',
  experience: p.experience ?? 0,
  bio: p.bio,
  photoUrl: p.photoUrl,
  headline: p.headline,
  languages: p.languages,
  skills: p.skills,
  links: p.links,
  studentCount: null,
  avgRating: null,
  reviewCount: 0,
  minPricePaise: null,
});

export function SharkNotFound() {
  return (
    <div className="container-page py-16">
      <EmptyState
        title={CATALOGUE_MSG.sharkNotFound}
        level={1}
        action={
          <Link to={paths.sharks.list} className="btn-primary">
            Back to Sharks
          </Link>
        }
      >
        This shark does not exist or is not listed right now. Browse the other sharks instead.
      </EmptyState>
    </div>
  );
}

export function ProfileSkeleton() {
  return (
    <div className="container-page flex flex-col gap-8 py-10" role="status" aria-label="Loading shark">
      <div className="glass flex flex-col gap-6 p-6 sm:flex-row">
        <Skeleton className="h-32 w-32 sm:h-40 sm:w-40" />
        <div className="flex flex-1 flex-col gap-3">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-4 w-1/4" />
          <Skeleton className="h-14 w-full max-w-md" />
        </div>
      </div>
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
