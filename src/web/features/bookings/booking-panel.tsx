// Book a session of one of the shark's courses: course, hours, preferred date and time, contact details
// (prefilled from the profile), a live total, and a confirmation that says how payment works.
// A visitor who presses Confirm logs in and comes back here with what they chose.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate, Link } from 'react-router';
import type { z } from 'zod';
import { BOOKING_MAX_HOURS, BOOKING_MIN_HOURS } from '../../../shared/constants';
import { bookingFormSchema, type CreateBookingResult } from '../../../shared/schemas/bookings';
import type { PublicCourse, Shark } from '../../../shared/schemas/sharks';
import { useCreateBooking } from '../../api/bookings';
import { ApiError } from '../../api/client';
import { useMyProfile } from '../../api/profiles';
import { useSession } from '../../api/session';
import { SelectField, TextField } from '../../components/form/field';
import { applyServerErrors, FormError, SubmitButton } from '../../components/form/form-status';
import { formatRupees } from '../../lib/format';
import { paths } from '../../paths';
import { localToday, newRequestId } from './request-id';
import { formatBookingDate } from './booking-format';

type FormIn = z.input<typeof bookingFormSchema>;
type FormOut = z.output<typeof bookingFormSchema>;
const FIELDS = ['courseId', 'hours', 'preferredDate', 'preferredTime', 'name', 'email', 'phone'] as const;
type Draft = Pick<FormIn, 'courseId' | 'hours' | 'preferredDate' | 'preferredTime'>;

const draftKey = (sharkId: string) => `booking-draft:${sharkId}`;

/** What a visitor chose before logging in, read once when they come back. */
function takeDraft(sharkId: string): Partial<Draft> {
  try {
    const raw = sessionStorage.getItem(draftKey(sharkId));
    sessionStorage.removeItem(draftKey(sharkId));
    return raw ? (JSON.parse(raw) as Partial<Draft>) : {};
  } catch {
    return {};
  }
}

/** price x hours in paise, so 1499.5 x 3 shows 4498.50 and never 4498.499999. */
const totalOf = (price: number, hours: number) => Math.round(price * 100) * hours / 100;

export function BookingPanel({ shark, courses }: { shark: Shark; courses: PublicCourse[] }) {
  const id = useId();
  const session = useSession();
  const profile = useMyProfile(session.isSignedIn);
  const navigate = useNavigate();
  const location = useLocation();
  const booking = useCreateBooking();
  const [confirmed, setConfirmed] = useState<CreateBookingResult | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // One key per booking attempt: a double click or a retry after a dropped connection makes one booking.
  const requestId = useRef<string | null>(null);
  const [draft] = useState(() => takeDraft(shark.id));
  const courseFromUrl = new URLSearchParams(location.search).get('course');
  const initialCourse =
    courses.find((c) => c.id === draft.courseId)?.id ?? courses.find((c) => c.id === courseFromUrl)?.id ?? courses[0]?.id ?? '';

  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: {
      courseId: initialCourse,
      hours: draft.hours ?? BOOKING_MIN_HOURS,
      preferredDate: draft.preferredDate ?? '',
      preferredTime: draft.preferredTime ?? '',
      name: '',
      email: '',
      phone: '',
    },
  });

  // Prefill contact details from the profile once it arrives, without overwriting what was typed.
  useEffect(() => {
    if (!profile.data) return;
    reset(
      { ...getValues(), name: profile.data.fullName ?? '', email: profile.data.email, phone: profile.data.phone ?? '' },
      { keepDirtyValues: true },
    );
  }, [profile.data, reset, getValues]);

  const [courseId, hours] = useWatch({ control, name: ['courseId', 'hours'] });
  const course = courses.find((c) => c.id === courseId) ?? courses[0];
  const validHours = Number.isInteger(hours) && hours >= BOOKING_MIN_HOURS && hours <= BOOKING_MAX_HOURS;

  if (!course) {
    return (
      <section aria-labelledby={`${id}-title`} className="glass p-5">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Book a session
        </h2>
        <p className="muted mt-2 text-sm">{shark.name} has no course open for booking yet.</p>
      </section>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    requestId.current ??= newRequestId();
    try {
      const res = await booking.mutateAsync({ ...values, requestId: requestId.current });
      requestId.current = null;
      setConfirmed(res);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return goToLogin();
      setFormError(applyServerErrors(err, setError, FIELDS));
    }
  });

  function goToLogin() {
    const values = getValues();
    const keep: Draft = { courseId: values.courseId, hours: values.hours, preferredDate: values.preferredDate, preferredTime: values.preferredTime };
    try {
      sessionStorage.setItem(draftKey(shark.id), JSON.stringify(keep));
    } catch {
      // Private mode without storage: the learner picks again after logging in.
    }
    const here = new URLSearchParams(location.search);
    here.set('tab', 'courses');
    here.set('course', values.courseId);
    const back = `${location.pathname}?${here.toString()}`;
    navigate(`${paths.login.user}?next=${encodeURIComponent(back)}`);
  }

  const onConfirm = (e: FormEvent<HTMLFormElement>) => {
    if (session.isPending) {
      e.preventDefault();
      return;
    }
    if (!session.isSignedIn) {
      e.preventDefault();
      goToLogin();
      return;
    }
    void onSubmit(e);
  };

  if (confirmed) return <Confirmation booking={confirmed} onAnother={() => setConfirmed(null)} titleId={`${id}-title`} />;

  const sending = isSubmitting || booking.isPending;
  return (
    <section aria-labelledby={`${id}-title`} className="glass flex flex-col gap-4 p-5 sm:p-6" data-testid="booking-panel">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Book a session
        </h2>
        <p className="muted text-sm">
          With {shark.name}. {formatRupees(course.price)} per hour.
        </p>
      </div>

      {course.enrollmentFormUrl ? (
        <div className="rounded-xl border border-accent-400/40 bg-accent-400/10 p-3 text-sm">
          <p className="text-ink-100">This course also has its own enrollment form.</p>
          <a href={course.enrollmentFormUrl} target="_blank" rel="noopener noreferrer" className="mt-1 inline-block font-semibold text-accent-300 hover:underline">
            Open the enrollment form ↗<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      ) : null}

      <form noValidate onSubmit={onConfirm} className="flex flex-col gap-4">
        {courses.length > 1 ? (
          <SelectField id={`${id}-courseId`} label="Course" error={errors.courseId?.message} {...register('courseId')}>
            {courses.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title} ({formatRupees(c.price)}/hr)
              </option>
            ))}
          </SelectField>
        ) : (
          <p className="text-sm">
            <span className="text-ink-400">Course: </span>
            <span className="font-medium text-ink-100">{course.title}</span>
          </p>
        )}

        <div className="grid grid-cols-2 gap-4">
          <TextField
            id={`${id}-hours`}
            label="Hours"
            type="number"
            inputMode="numeric"
            min={BOOKING_MIN_HOURS}
            max={BOOKING_MAX_HOURS}
            step={1}
            error={errors.hours?.message}
            {...register('hours', { valueAsNumber: true })}
          />
          <TextField id={`${id}-preferredTime`} label="Preferred time" type="time" error={errors.preferredTime?.message} {...register('preferredTime')} />
          <TextField
            id={`${id}-preferredDate`}
            className="col-span-2"
            label="Preferred date"
            type="date"
            min={localToday()}
            error={errors.preferredDate?.message}
            {...register('preferredDate')}
          />
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id={`${id}-name`} label="Name" type="text" autoComplete="name" error={errors.name?.message} {...register('name')} />
          <TextField id={`${id}-phone`} label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
          <TextField id={`${id}-email`} className="sm:col-span-2" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        </div>

        <div className="flex items-baseline justify-between rounded-xl border border-white/10 bg-ink-950/50 px-4 py-3" aria-live="polite">
          <span className="text-sm text-ink-300">Total</span>
          <span className="text-xl font-bold text-ink-100" data-testid="booking-total">
            {validHours ? formatRupees(totalOf(course.price, hours)) : '—'}
          </span>
        </div>
        <p className="muted text-xs">
          {validHours ? `${formatRupees(course.price)} × ${hours} ${hours === 1 ? 'hour' : 'hours'}. ` : ''}Payment is not taken online yet: the shark
          contacts you to arrange it.
        </p>

        <FormError message={formError} />

        <SubmitButton className="btn-primary w-full" pending={sending} pendingLabel="Booking…">
          {session.isSignedIn ? 'Confirm booking' : 'Log in to book'}
        </SubmitButton>
      </form>
    </section>
  );
}

function Confirmation({ booking, onAnother, titleId }: { booking: CreateBookingResult; onAnother: () => void; titleId: string }) {
  return (
    <section aria-labelledby={titleId} className="glass flex flex-col gap-4 border-success-400/40 p-5 sm:p-6" data-testid="booking-confirmation">
      <div role="status">
        <h2 id={titleId} className="text-lg font-semibold text-success-400">
          ✓ You're booked
        </h2>
        <p className="mt-1 text-sm text-ink-300">{booking.message}</p>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <dt className="text-ink-400">Course</dt>
        <dd className="text-ink-100">{booking.courseTitle}</dd>
        <dt className="text-ink-400">When</dt>
        <dd className="text-ink-100">
          {formatBookingDate(booking.preferredDate)}, {booking.preferredTime}
        </dd>
        <dt className="text-ink-400">Hours</dt>
        <dd className="text-ink-100">{booking.hours}</dd>
        <dt className="text-ink-400">Total</dt>
        <dd className="font-semibold text-ink-100">{formatRupees(booking.totalPrice)}</dd>
      </dl>
      {booking.enrollmentFormUrl ? (
        <a href={booking.enrollmentFormUrl} target="_blank" rel="noopener noreferrer" className="btn-primary">
          Complete the enrollment form ↗<span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Link to={paths.user.bookings} className="btn-ghost">
          See my bookings
        </Link>
        <button type="button" className="btn-ghost" onClick={onAnother}>
          Book another session
        </button>
      </div>
    </section>
  );
}
