// Book a session of one of the shark's courses: course, hours, a free slot of the shark's calendar, contact
// details (prefilled from the profile), the server's quote (price × hours, the fee inside it, the tax, the refunds)
// and, for a paid course, on to its checkout; a free course's request is confirmed here.
// A slot taken meanwhile answers 409: the message shows, the slots are fetched again, nothing typed is lost.
// The choice (course, hours, day, start) lives in the URL (?course=…&day=…&slot=…#book), and what was typed (name,
// phone, email) in sessionStorage per shark until a booking is made: a visitor who presses "Log in to book" logs
// in (or signs up and verifies) and comes back to this panel, scrolled into view, with both (decision 162). A
// shark on its own profile is told before the form that it cannot book itself. The course's cancellation policy shows before booking, and
// the confirmation links to the new session's page.
import { ERROR_CODE } from '#shared/error-codes.ts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocation, useNavigate, Link } from 'react-router';
import type { z } from 'zod';
import { BOOKING_MAX_HOURS, BOOKING_MIN_HOURS } from '#shared/constants.ts';
import type { bookingFormSchema } from '#shared/booking-form.ts';
import type { MyBooking } from '#shared/bookings.ts';
import { formatPaise } from '#shared/money.ts';
import { PAYMENT_MSG } from '#shared/payments-texts.ts';
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
import { cancellationPolicy, SESSION_MSG } from '#shared/sessions-texts.ts';
import { getSharkProfileQueryOptions } from '#web/features/acting-shark/api.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useMyProfile, useSession, useUpdateMyProfile } from '#web/features/viewer/api.ts';
import { SelectField, TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { dateTimeFormat, formatDateTimeIn, formatTimeIn, viewerTimeZone, zoneName } from '#web/lib/format.ts';
import { sameZone } from '#shared/time-zones.ts';
import { newRequestId } from './request-id';

type FormIn = z.input<typeof bookingFormSchema>;
type FormOut = z.output<typeof bookingFormSchema>;
const FIELDS = ['courseId', 'hours', 'startsAt', 'name', 'email', 'phone'] as const;
type Typed = Pick<FormIn, 'name' | 'phone' | 'email'>;
/**
 * The form's schema, fetched once the learner is in the form (a field focused) or presses Continue: with it comes
 * zod's core (about 15 KB gz), which nothing else on a profile needs (decision 199).
 */
const loadSchema = () => import('#shared/booking-form.ts').then((m) => m.bookingFormSchema);

const draftKey = (sharkId: string) => `booking-draft:${sharkId}`;

/** What was typed in this panel, kept for this tab until a booking is made. */
function readTyped(sharkId: string): Partial<Typed> {
  try {
    const raw = sessionStorage.getItem(draftKey(sharkId));
    return raw ? (JSON.parse(raw) as Partial<Typed>) : {};
  } catch {
    return {};
  }
}
function writeTyped(sharkId: string, typed: Typed | null) {
  try {
    if (typed) sessionStorage.setItem(draftKey(sharkId), JSON.stringify(typed));
    else sessionStorage.removeItem(draftKey(sharkId));
  } catch {
    // Private mode without storage: the fields are typed again after logging in.
  }
}

/** The choice kept in the URL: course, hours, day (YYYY-MM-DD) and start (an ISO instant). */
function choiceFromUrl(search: string) {
  const q = new URLSearchParams(search);
  const hours = Number(q.get('hours'));
  return {
    courseId: q.get('course'),
    hours: Number.isInteger(hours) && hours >= BOOKING_MIN_HOURS && hours <= BOOKING_MAX_HOURS ? hours : null,
    day: /^\d{4}-\d{2}-\d{2}$/.test(q.get('day') ?? '') ? q.get('day') : null,
    slot: q.get('slot'),
  };
}

/** "Thu 26 Nov, 15:30 IST": the chosen start in the learner's zone, with the zone's short name. */
function startSummary(iso: string, timeZone: string) {
  const date = dateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short' })
    .format(new Date(iso))
    .replace(',', '');
  const zone =
    dateTimeFormat('en-IN', { timeZone, timeZoneName: 'short' })
      .formatToParts(new Date(iso))
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  return `${date}, ${formatTimeIn(iso, timeZone)} ${zone}`;
}

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
  const [fromUrl] = useState(() => choiceFromUrl(location.search));
  const [typed] = useState(() => readTyped(shark.id));
  const initialCourse = courses.find((c) => c.id === fromUrl.courseId)?.id ?? courses[0]?.id ?? '';
  const panelRef = useRef<HTMLElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const updateProfile = useUpdateMyProfile();
  const [savePhone, setSavePhone] = useState(true);

  const form = useApiForm<FormIn, FormOut>({
    schema: loadSchema,
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
        writeTyped(shark.id, null);
        // Asked once: a learner without a phone on the profile keeps this one there unless they said no.
        if (askToSavePhone && savePhone) {
          await updateProfile
            .mutateAsync({ fullName: profile.data?.fullName || values.name, phone: values.phone })
            .catch(() => undefined);
        }
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
      hours: fromUrl.hours ?? BOOKING_MIN_HOURS,
      startsAt: fromUrl.slot ?? '',
      name: typed.name ?? '',
      email: typed.email ?? '',
      phone: typed.phone ?? '',
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

  // Prefill contact details from the profile once it arrives, without overwriting what was typed (now, or
  // before logging in).
  useEffect(() => {
    if (!profile.data) return;
    const now = getValues();
    reset(
      {
        ...now,
        name: now.name || (profile.data.fullName ?? ''),
        email: now.email || profile.data.email,
        phone: now.phone || (profile.data.phone ?? ''),
      },
      { keepDirtyValues: true },
    );
  }, [profile.data, reset, getValues]);

  const [courseId, hours, startsAt, name, phone, email] = useWatch({
    control,
    name: ['courseId', 'hours', 'startsAt', 'name', 'phone', 'email'],
  });
  // What is typed is kept for this tab (a login, a sign-up or a reload on the way loses nothing).
  useEffect(() => {
    if (name || phone) writeTyped(shark.id, { name, phone, email });
  }, [shark.id, name, phone, email]);
  const askToSavePhone = !!profile.data && !profile.data.phone;

  // The choice goes into the URL as it is made, so the address (and a return from login) holds it.
  const choose = (change: Record<string, string | null>) => {
    const q = new URLSearchParams(location.search);
    q.set('tab', 'courses');
    q.set('course', getValues('courseId'));
    for (const [k, v] of Object.entries(change)) {
      if (v) q.set(k, v);
      else q.delete(k);
    }
    navigate({ search: `?${q.toString()}`, hash: '#book' }, { replace: true, preventScrollReset: true });
  };

  const course = courses.find((c) => c.id === courseId) ?? courses[0];
  const validHours = Number.isInteger(hours) && hours >= BOOKING_MIN_HOURS && hours <= BOOKING_MAX_HOURS;
  const slots = useSlots(shark.id, validHours ? hours : BOOKING_MIN_HOURS, !!course);
  const paid = !!course && course.pricePaise > 0;
  const quote = useQuote(course?.id ?? '', validHours ? hours : BOOKING_MIN_HOURS, paid && validHours);

  // A start from the URL that is no longer free is dropped, so the learner picks again.
  const freeStarts = slots.data?.days.flatMap((d) => d.starts);
  useEffect(() => {
    if (freeStarts && startsAt && !freeStarts.includes(startsAt)) setValue('startsAt', '');
  }, [freeStarts, startsAt, setValue]);

  // Back from login (…#book): the panel comes into view, its heading focused, once its times are there.
  const [arriving, setArriving] = useState(() => location.hash === '#book');
  useEffect(() => {
    if (!arriving || !slots.data) return;
    setArriving(false);
    panelRef.current?.scrollIntoView?.({ block: 'start' });
    titleRef.current?.focus({ preventScroll: true });
  }, [arriving, slots.data]);

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
    writeTyped(shark.id, { name: values.name, phone: values.phone, email: values.email });
    const q = new URLSearchParams(location.search);
    q.set('tab', 'courses');
    q.set('course', values.courseId);
    const back = `${location.pathname}?${q.toString()}#book`;
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
      ref={panelRef}
      aria-labelledby={`${id}-title`}
      className="glass flex scroll-mt-20 flex-col gap-4 p-4 sm:p-6"
      data-testid="booking-panel"
    >
      <div>
        <h2 id={`${id}-title`} ref={titleRef} tabIndex={-1} className="text-lg font-semibold outline-none">
          Book a session
        </h2>
        <p className="muted text-sm">
          With {shark.name}. {formatPaise(course.pricePaise)} per hour.
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

      <Form
        form={form}
        onSubmit={onConfirm}
        onFocus={() => void loadSchema()}
        className="flex flex-col gap-4"
      >
        {courses.length > 1 ? (
          <SelectField
            id={`${id}-courseId`}
            label="Course"
            error={errors.courseId?.message}
            {...register('courseId', { onChange: (e) => choose({ course: String(e.target.value) }) })}
          >
            {courses.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title} ({formatPaise(c.pricePaise)}/hr)
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
            {...register('hours', {
              valueAsNumber: true,
              onChange: (e) => choose({ hours: String(e.target.value), slot: null }),
            })}
          />
        </div>

        {slots.data ? (
          <SlotPicker
            key={`${slots.data.hours}:${slots.dataUpdatedAt}`}
            days={slots.data.days}
            sharkZone={slots.data.timeZone}
            value={startsAt}
            initialDay={fromUrl.day}
            onDayChange={(day) => choose({ day, slot: null })}
            onChange={(v) => {
              setValue('startsAt', v, { shouldValidate: !!v });
              if (v) choose({ slot: v });
            }}
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
          {askToSavePhone ? (
            <label className="flex min-h-11 items-center gap-2 text-sm text-ink-300 sm:col-span-2">
              <input
                type="checkbox"
                className="h-4 w-4 accent-accent-400"
                checked={savePhone}
                onChange={(e) => setSavePhone(e.target.checked)}
              />
              Save this number to my profile for next time
            </label>
          ) : null}
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
              {validHours ? formatPaise(course.pricePaise * hours) : '—'}
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

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-ink-100" data-testid="booking-summary" aria-live="polite">
            {startsAt && validHours
              ? `${startSummary(startsAt, viewerTimeZone())} · ${hours} h · ${
                  // The server's quote once it is there (the fee and its tax are inside the price).
                  paid && quote.data
                    ? formatPaise(quote.data.totalPaise)
                    : formatPaise(course.pricePaise * hours)
                }`
              : 'Choose a day and a start time.'}
          </p>
          <SubmitButton
            className="btn-primary w-full sm:w-auto sm:shrink-0"
            pending={sending}
            pendingLabel="Booking…"
          >
            {!session.isSignedIn ? 'Log in to book' : paid ? 'Continue to payment' : 'Confirm booking'}
          </SubmitButton>
        </div>
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
        <dd className="font-semibold text-ink-100">{formatPaise(booking.totalPricePaise)}</dd>
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
