// The profile's three tabs (about, courses, reviews). The open tab lives in the URL (?tab=courses), so a link
// or a return from login lands on the booking panel. Each tab's content is passed in by the page, which
// composes the features that fill them.
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs } from 'radix-ui';

const TABS = ['about', 'courses', 'reviews'] as const;
type Tab = (typeof TABS)[number];

const TAB_TRIGGER =
  'min-h-11 rounded-lg px-4 py-2 text-sm font-medium text-ink-300 transition hover:text-ink-100 data-[state=active]:bg-accent-400/15 data-[state=active]:text-accent-300';

export function useProfileTab(): [Tab, (tab: string, courseId?: string) => void] {
  const [params, setParams] = useSearchParams();
  const current = params.get('tab');
  const tab: Tab = TABS.includes(current as Tab) ? (current as Tab) : 'about';
  const setTab = (next: string, courseId?: string) =>
    setParams(
      (prev) => {
        const updated = new URLSearchParams(prev);
        if (next === 'about') updated.delete('tab');
        else updated.set('tab', next);
        // The booking panel starts on the course named here (?course=<id>).
        if (courseId) updated.set('course', courseId);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  return [tab, setTab];
}

export function ProfileTabs({
  sharkName,
  tab,
  onTabChange,
  about,
  courses,
  reviews,
}: {
  sharkName: string;
  tab: Tab;
  onTabChange: (tab: string) => void;
  about: ReactNode;
  courses: ReactNode;
  reviews: ReactNode;
}) {
  return (
    <Tabs.Root value={tab} onValueChange={onTabChange} className="flex flex-col gap-6">
      <Tabs.List
        aria-label={`About ${sharkName}`}
        className="glass flex w-fit max-w-full gap-1 overflow-x-auto p-1"
      >
        <Tabs.Trigger value="about" className={TAB_TRIGGER}>
          About
        </Tabs.Trigger>
        <Tabs.Trigger value="courses" className={TAB_TRIGGER}>
          Courses
        </Tabs.Trigger>
        <Tabs.Trigger value="reviews" className={TAB_TRIGGER}>
          Reviews
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="about" className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        {about}
      </Tabs.Content>
      <Tabs.Content value="courses">{courses}</Tabs.Content>
      <Tabs.Content value="reviews">{reviews}</Tabs.Content>
    </Tabs.Root>
  );
}
