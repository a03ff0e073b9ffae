// Book a session of one of the shark's courses: course, hours, a free slot of the shark's calendar, contact
// details (prefilled from the profile), the server's quote (price × hours, the fee inside it, the tax, the refunds)
// and, for a paid course, on to its checkout; a free course's request is confirmed here.
// A slot taken meanwhile answers 409: the message shows, the slots are fetched again, nothing typed is lost.
// A visitor who presses Confirm logs in and comes back here with what they chose. A shark on its own profile is
// told before the form that it cannot book itself. The course's cancellation policy shows before booking, and
// the confirmation links to the new session's page.
import { ERROR_CODE } from '#shared/error-codes.ts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocation, useNavigate, Link } from 'react-router';
import type { z } from 'zod';
import { BOOKING_MAX_HOURS, BOOKING_MIN_HOURS } from '#shared/constants.ts';
import { bookingFormSchema, type MyBooking } from '#shared/bookings.ts';
import { PAYMENT_MSG } from '#shared/payments.ts';
import { QuoteLines, RefundTerms } from '#web/features/money/money-lines.tsx';
import { useQuote } from '#web/features/money/api.ts';
import type { PublicCourse, Shark } from '#shared/catalogue.ts';
import { paths } from '#shared/routes.ts';
import { AVAILABILITY_MSG } from '#shared/availability-texts.ts';
import { useCreateBooking } from './api';
import { SlotPicker } from '#web/features/slots/slot-picker.tsx';
import { availabilityKeys } from '#web/features/query-keys/keys.ts';
import { useSlots, useWatchCalendar } from '#web/features/slots/api.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { cancellationPolicy, SESSION_MSG } from '#shared/sessions.ts';
import { getSharkProfileQueryOptions } from '#web/features/acting-shark/api.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useMyProfile, useSession } from '#web/features/viewer/api.ts';
import { SelectField, TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { formatDateTimeIn, formatRupees, viewerTimeZone, zoneName } from '#web/lib/format.ts';
import { sameZone } from '#shared/time-zones.ts';
import { newRequestId } from './request-id';

type FormIn = z.input<typeof bookingFormSchema>;
type FormOut = z.output<typeof bookingFormSchema>;
const FIELDS = ['courseId', 'hours', 'startsAt', 'name', 'email', 'phone'] as const;
type Draft = Pick<FormIn, 'courseId' | 'hours' | 'startsAt'>;

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
const totalOf = (price: number, hours: number) => (Math.round(price * 100) * hours) / 100;

export function BookingPanel({ shark, courses }: { shark: Shark; courses: PublicCourse[] }) {
  const id = useId();
  const session = useSession();
  const profile = useMyProfile(session.isSignedIn);
  // A shark's own workspace profile names its shark: on its own page it cannot book.
  const isShark = session.roles.includes('shark');
  const ownShark = useQuery({ ...getSharkProfileQueryOptions(), enabled: isShark });
  const navigate = useNavigate();
  const location = useLocation();
  const booking = useCreateBooking();
  const qc = useQueryClient();
  const [confirmed, setConfirmed] = useState<{ booking: MyBooking; message: string } | null>(null);
  // One key per booking attempt: a double click or a retry after a dropped connection makes one booking.
  const requestId = useRef<string | null>(null);
  const [draft] = useState(() => takeDraft(shark.id));
  const courseFromUrl = new URLSearchParams(location.search).get('course');
  const initialCourse =
    courses.find((c) => c.id === draft.courseId)?.id ??
    courses.find((c) => c.id === courseFromUrl)?.id ??
    courses[0]?.id ??
    '';

  const form = useApiForm<FormIn, FormOut>({
    schema: bookingFormSchema,
    fields: FIELDS,
    onSubmit: async (values) => {
      requestId.current ??= newRequestId();
      try {
        const res = await booking.mutateAsync({
          ...values,
          requestId: requestId.current,
          timeZone: viewerTimeZone(),
        });
        requestId.current = null;
        // A paid course goes on to its checkout (the slot is held there), as a page load: only that page's CSP
        // lets the payment provider's script in. A free course's request is made now.
        if (res.checkout) window.location.assign(res.checkout.path);
        else if (res.booking) setConfirmed({ booking: res.booking, message: res.message });
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return goToLogin();
        if (err instanceof ApiError && err.code === ERROR_CODE.slotTaken) {
          // Someone else was faster: fresh slots, the same form; a new attempt gets a new key.
          requestId.current = null;
          setValue('startsAt', '');
          void qc.invalidateQueries({ queryKey: availabilityKeys.slotsOf(shark.id) });
        }
        throw err;
      }
    },
    defaultValues: {
      courseId: initialCourse,
      hours: draft.hours ?? BOOKING_MIN_HOURS,
      startsAt: draft.startsAt ?? '',
      name: '',
      email: '',
      phone: '',
    },
  });
  const {
    register,
    control,
    reset,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = form;

  // Prefill contact details from the profile once it arrives, without overwriting what was typed.
  useEffect(() => {
    if (!profile.data) return;
    reset(
      {
        ...getValues(),
        name: profile.data.fullName ?? '',
        email: profile.data.email,
        phone: profile.data.phone ?? '',
      },
      { keepDirtyValues: true },
    );
  }, [profile.data, reset, getValues]);

  const [courseId, hours, startsAt] = useWatch({ control, name: ['courseId', 'hours', 'startsAt'] });
  const course = courses.find((c) => c.id === courseId) ?? courses[0];
  const validHours = Number.isInteger(hours) && hours >= BOOKING_MIN_HOURS && hours <= BOOKING_MAX_HOURS;
  const slots = useSlots(shark.id, validHours ? hours : BOOKING_MIN_HOURS, !!course);
  const paid = !!course && course.price > 0;
  const quote = useQuote(course?.id ?? '', validHours ? hours : BOOKING_MIN_HOURS, paid && validHours);

  if (isShark && ownShark.isPending) {
    return (
      <section aria-labelledby={`${id}-title`} className="glass p-5" aria-busy="true">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Book a session
        </h2>
        <p className="muted mt-2 text-sm" role="status">
          Loading…
        </p>
      </section>
    );
  }
  if (isShark && ownShark.data?.id === shark.id) {
    return (
      <section aria-labelledby={`${id}-title`} className="glass p-5" data-testid="booking-panel">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Book a session
        </h2>
        <p className="mt-2 text-sm text-ink-300">{SESSION_MSG.ownCourse}</p>
      </section>
    );
  }

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

  function goToLogin() {
    const values = getValues();
    const keep: Draft = {
      courseId: values.courseId,
      hours: values.hours,
      startsAt: values.startsAt,
    };
    try {
      sessionStorage.setItem(draftKey(shark.id), JSON.stringify(keep));
    } catch {
      // Private mode without storage: the learner picks again after logging in.
    }
    const here = new URLSearchParams(location.search);
    here.set('tab', 'courses');
    here.set('course', values.courseId);
    const back = `${location.pathname}?${here.toString()}`;
    navigate(`${paths.login.portal('user')}?next=${encodeURIComponent(back)}`);
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
    void form.submit(e);
  };

  if (confirmed)
    return (
      <Confirmation
        booking={confirmed.booking}
        message={confirmed.message}
        onAnother={() => setConfirmed(null)}
        titleId={`${id}-title`}
      />
    );

  if (slots.data && !slots.data.published)
    return <CalendarClosed sharkId={shark.id} name={shark.name} titleId={`${id}-title`} />;

  const sending = isSubmitting || booking.isPending;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="glass flex flex-col gap-4 p-4 sm:p-6"
      data-testid="booking-panel"
    >
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
          <a
            href={course.enrollmentFormUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-1 inline-block font-semibold text-accent-300 hover:underline"
          >
            Open the enrollment form ↗<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      ) : null}

      <Form form={form} onSubmit={onConfirm} className="flex flex-col gap-4">
        {courses.length > 1 ? (
          <SelectField
            id={`${id}-courseId`}
            label="Course"
            error={errors.courseId?.message}
            {...register('courseId')}
          >
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
        </div>

        {slots.data ? (
          <SlotPicker
            key={`${slots.data.hours}:${slots.dataUpdatedAt}`}
            days={slots.data.days}
            sharkZone={slots.data.timeZone}
            value={startsAt}
            onChange={(v) => setValue('startsAt', v, { shouldValidate: !!v })}
            error={errors.startsAt?.message}
          />
        ) : (
          <p className="muted text-sm" role="status">
            {slots.isError ? 'Could not load the free times.' : 'Loading free times…'}
          </p>
        )}

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={`${id}-name`}
            label="Name"
            type="text"
            autoComplete="name"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            id={`${id}-phone`}
            label="Phone"
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <TextField
            id={`${id}-email`}
            className="sm:col-span-2"
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
        </div>

        {paid && quote.data && validHours ? (
          <div className="rounded-xl border border-white/10 bg-ink-950/50 px-4 py-3" aria-live="polite">
            <QuoteLines quote={quote.data} />
          </div>
        ) : (
          <div
            className="flex items-baseline justify-between rounded-xl border border-white/10 bg-ink-950/50 px-4 py-3"
            aria-live="polite"
          >
            <span className="text-sm text-ink-300">Total</span>
            <span className="text-xl font-bold text-ink-100" data-testid="booking-total">
              {validHours ? formatRupees(totalOf(course.price, hours)) : '—'}
            </span>
          </div>
        )}
        <p className="muted text-xs">
          {paid
            ? `You pay now, securely; the request reaches ${shark.name} once paid. ${PAYMENT_MSG.hold}`
            : 'This course is free. The shark confirms the booking.'}
        </p>
        {course.cancellationHours !== undefined ? (
          <p className="text-xs text-ink-300" data-testid="cancellation-policy">
            {cancellationPolicy(course.cancellationHours)}
          </p>
        ) : null}
        {paid && quote.data ? <RefundTerms quote={quote.data} /> : null}

        <FormAlert>{form.formError}</FormAlert>

        <SubmitButton className="btn-primary w-full" pending={sending} pendingLabel="Booking…">
          {!session.isSignedIn ? 'Log in to book' : paid ? 'Continue to payment' : 'Confirm booking'}
        </SubmitButton>
      </Form>
    </section>
  );
}

function Confirmation({
  booking,
  message,
  onAnother,
  titleId,
}: {
  booking: MyBooking;
  message: string;
  onAnother: () => void;
  titleId: string;
}) {
  // It replaces the form whose Confirm button had focus: take the focus, so keyboard and screen reader users
  // land on the answer and Tab goes on to its links, instead of starting over from <body>.
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="glass flex flex-col gap-4 border-success-400/40 p-5 sm:p-6"
      data-testid="booking-confirmation"
    >
      <div role="status">
        <h2 id={titleId} className="text-lg font-semibold text-success-400">
          ✓ Booking requested
        </h2>
        <p className="mt-1 text-sm text-ink-300">{message}</p>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <dt className="text-ink-400">Course</dt>
        <dd className="text-ink-100">{booking.courseTitle}</dd>
        <dt className="text-ink-400">When</dt>
        <dd className="text-ink-100">
          {formatDateTimeIn(booking.startsAt, viewerTimeZone())}
          <span className="muted block text-xs">
            {zoneName(viewerTimeZone())}
            {!sameZone(booking.timeZone, viewerTimeZone())
              ? `; shark's time ${formatDateTimeIn(booking.startsAt, booking.timeZone)} (${zoneName(booking.timeZone)})`
              : ''}
          </span>
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
        <Link to={paths.sessions.detail(booking.id)} className="btn-primary">
          View your session
        </Link>
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

/** Until the shark publishes availability: the message and "Notify me when they do". */
function CalendarClosed({ sharkId, name, titleId }: { sharkId: string; name: string; titleId: string }) {
  const session = useSession();
  const watch = useWatchCalendar(sharkId);
  const navigate = useNavigate();
  const location = useLocation();
  const onNotify = () => {
    if (!session.isSignedIn) {
      navigate(`${paths.login.portal('user')}?next=${encodeURIComponent(location.pathname)}`);
      return;
    }
    watch.mutate();
  };
  return (
    <section aria-labelledby={titleId} className="glass flex flex-col gap-3 p-5" data-testid="booking-panel">
      <h2 id={titleId} className="text-lg font-semibold">
        Book a session
      </h2>
      <p className="muted text-sm">{AVAILABILITY_MSG.notOpen(name)}</p>
      {watch.isSuccess ? (
        <p role="status" className="text-sm text-success-400">
          {watch.data.message}
        </p>
      ) : (
        <button type="button" className="btn-ghost self-start" onClick={onNotify} disabled={watch.isPending}>
          {AVAILABILITY_MSG.notifyMe}
        </button>
      )}
      {watch.isError ? (
        <p role="alert" className="text-sm text-danger-400">
          {watch.error.message}
        </p>
      ) : null}
    </section>
  );
}
