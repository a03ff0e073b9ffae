// The profile's price range and its Book button, which opens the courses tab on the cheapest course.
import type { PublicCourse, Shark } from '#shared/catalogue.ts';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';
import { formatPerHour, formatPerHourRange } from '#shared/money.ts';

/** The cheapest course: the one the card's "from" price names and the Book button chooses. */
const cheapest = (courses: PublicCourse[]) =>
  courses.reduce<PublicCourse | undefined>(
    (best, c) => (best && best.pricePaise <= c.pricePaise ? best : c),
    undefined,
  );

export function PriceAndBook({
  shark,
  courses,
  onBook,
}: {
  shark: Shark;
  courses: PublicCourse[] | undefined;
  onBook: (courseId: string) => void;
}) {
  if (courses?.length === 0) return <p className="text-sm text-ink-400">{CATALOGUE_MSG.noCourses}</p>;
  if (!courses && shark.minPricePaise === null) return null;
  const prices = courses?.map((c) => c.pricePaise) ?? [];
  const label = courses
    ? formatPerHourRange(Math.min(...prices), Math.max(...prices))
    : `from ${formatPerHour(shark.minPricePaise ?? 0)}`;
  const first = courses ? cheapest(courses) : undefined;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
      <p data-testid="price-range" className="text-lg font-semibold text-ink-100">
        <span className="sr-only">Price: </span>
        {label}
      </p>
      <button
        type="button"
        className="btn-primary min-h-11 w-full sm:w-auto"
        disabled={!first}
        onClick={() => first && onBook(first.id)}
      >
        {CATALOGUE_MSG.bookSession}
      </button>
    </div>
  );
}
