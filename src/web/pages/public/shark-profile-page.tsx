// /sharks/:id: one shark's public profile with tabs about, courses and reviews, and the booking panel. The page
// decides what the visitor sees (the profile, an unpublished shark's preview of its own page, a learner's
// bookings with a shark no longer listed, or "Shark not found") and composes the features that fill it.
import { useState } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { PublicCourse, Shark } from '#shared/catalogue.ts';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';
import { ErrorState } from '#web/components/error-state.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { getSharkProfileQueryOptions } from '#web/features/acting-shark/api.ts';
import { useMyBookings } from '#web/features/bookings/api.ts';
import { LazyBookingPanel, usePrefetchBookingPanel } from '#web/features/bookings/lazy-booking-panel.tsx';
import { UnlistedSharkBookings } from '#web/features/bookings/unlisted-shark.tsx';
import { getSharkCoursesQueryOptions, useShark } from '#web/features/catalogue/api.ts';
import { PriceAndBook } from '#web/features/catalogue/price-and-book.tsx';
import { ProfileAbout } from '#web/features/catalogue/profile-about.tsx';
import { ProfileCourses } from '#web/features/catalogue/profile-courses.tsx';
import { ProfileHeader } from '#web/features/catalogue/profile-header.tsx';
import { ProfileTabs, useProfileTab } from '#web/features/catalogue/profile-tabs.tsx';
import {
  asPreviewShark,
  ProfileSkeleton,
  SharkNotFound,
  SharkProfileFrame,
} from '#web/features/catalogue/shark-profile.tsx';
import { getOwnCoursesQueryOptions } from '#web/features/courses/api.ts';
import { VerifiedCredentials } from '#web/features/credentials/verified-credentials.tsx';
import { FollowHeart } from '#web/features/follows/follow-heart.tsx';
import { LazyReviewsTab } from '#web/features/reviews/lazy-reviews-tab.tsx';
import { CalendarSummary } from '#web/features/slots/calendar-summary.tsx';
import { useSession } from '#web/features/viewer/api.ts';

export default function SharkProfilePage() {
  const { id = '' } = useParams();
  const shark = useShark(id);
  const notFound = shark.error instanceof ApiError && shark.error.status === 404;
  const session = useSession();
  // An unpublished shark opening their own page sees a preview of it.
  const own = useQuery({
    ...getSharkProfileQueryOptions(),
    enabled: notFound && session.roles.includes('shark'),
  });
  const preview =
    notFound && own.data?.id === id && !own.data.published ? asPreviewShark(own.data, id) : null;
  // A learner who booked a shark that later unpublished still sees whom and what they booked.
  const bookings = useMyBookings(notFound && session.roles.includes('user'));
  const booked = notFound ? (bookings.data ?? []).filter((b) => b.sharkId === id) : [];
  useDocumentTitle(
    shark.data?.name ??
      preview?.name ??
      (booked[0]
        ? CATALOGUE_MSG.notListed(booked[0].sharkName)
        : notFound
          ? CATALOGUE_MSG.sharkNotFound
          : 'Shark'),
  );

  if (shark.isPending || (notFound && (own.isLoading || bookings.isLoading))) return <ProfileSkeleton />;
  if (preview) return <Profile shark={preview} preview />;
  if (booked.length > 0) return <UnlistedSharkBookings booked={booked} />;
  if (notFound) return <SharkNotFound />;
  if (shark.isError) {
    return (
      <div className="container-page py-16">
        <ErrorState message={errorMessage(shark.error)} onRetry={() => void shark.refetch()} />
      </div>
    );
  }
  return <Profile shark={shark.data} />;
}

/** The public courses, or in a preview the shark's own (the public ones answer 404 until they publish). */
function useProfileCourses(sharkId: string, preview: boolean): UseQueryResult<PublicCourse[]> {
  const listed = useQuery({ ...getSharkCoursesQueryOptions(sharkId), enabled: !preview });
  const own = useQuery({ ...getOwnCoursesQueryOptions(), enabled: preview });
  return preview ? own : listed;
}

function Profile({ shark, preview = false }: { shark: Shark; preview?: boolean }) {
  const [tab, setTab] = useProfileTab();
  const courses = useProfileCourses(shark.id, preview);
  // Set by the Book button: the booking panel takes the focus (and scrolls into view) once it is there.
  const [focusBooking, setFocusBooking] = useState(false);
  const book = (courseId: string) => {
    setTab('courses', courseId);
    setFocusBooking(true);
  };
  usePrefetchBookingPanel();
  const calendar = <CalendarSummary sharkId={shark.id} name={shark.name} />;
  return (
    <SharkProfileFrame
      preview={preview}
      header={
        <ProfileHeader shark={shark} heart={<FollowHeart sharkId={shark.id} sharkName={shark.name} />}>
          <PriceAndBook shark={shark} courses={courses.data} onBook={book} />
        </ProfileHeader>
      }
    >
      <ProfileTabs
        sharkName={shark.name}
        tab={tab}
        onTabChange={setTab}
        about={
          <>
            <ProfileAbout shark={shark} />
            <VerifiedCredentials sharkId={shark.id} count={shark.verifiedCredentials} />
            {calendar}
          </>
        }
        courses={
          <ProfileCourses
            shark={shark}
            courses={courses}
            focusBooking={focusBooking}
            onBookingFocused={() => setFocusBooking(false)}
            booking={(list) =>
              preview ? (
                <p className="glass p-6 text-sm text-ink-300">{CATALOGUE_MSG.previewBooking}</p>
              ) : (
                <LazyBookingPanel shark={shark} courses={list} />
              )
            }
            aside={calendar}
          />
        }
        reviews={<LazyReviewsTab sharkId={shark.id} sharkName={shark.name} />}
      />
    </SharkProfileFrame>
  );
}
