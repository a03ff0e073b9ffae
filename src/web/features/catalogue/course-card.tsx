// One course on a shark's profile: what it teaches, what it needs, and its price per hour in rupees. The
// internal course code is not shown to learners (only the workspace and the admin console show it).
import type { PublicCourse } from '#shared/catalogue.ts';
import { formatPaise } from '#shared/money.ts';

export function CourseCard({ course }: { course: PublicCourse }) {
  return (
    <article
      aria-labelledby={`course-${course.id}`}
      className="glass flex flex-col gap-4 overflow-hidden p-5 sm:flex-row"
    >
      {course.image ? (
        <img
          src={course.image}
          alt=""
          loading="lazy"
          width={320}
          height={200}
          className="aspect-[16/10] w-full rounded-xl object-cover sm:w-48"
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={`course-${course.id}`} className="text-lg font-semibold text-ink-100">
              {course.title}
            </h3>
          </div>
          <p className="text-right">
            <span className="text-lg font-bold text-ink-100">{formatPaise(course.pricePaise)}</span>
            <span className="text-sm text-ink-400"> / hour</span>
          </p>
        </div>
        <p className="text-sm break-words text-ink-300">{course.description}</p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-xs text-ink-400">Duration</dt>
            <dd className="text-ink-100">{course.duration} hours</dd>
          </div>
          <div>
            <dt className="text-xs text-ink-400">Enrolled</dt>
            <dd className="text-ink-100">{course.enrolledCount}</dd>
          </div>
          <div>
            <dt className="text-xs text-ink-400">Required devices</dt>
            <dd className="text-ink-100">{course.requiredDevices}</dd>
          </div>
          <div>
            <dt className="text-xs text-ink-400">Required knowledge</dt>
            <dd className="text-ink-100">{course.requiredKnowledge}</dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
