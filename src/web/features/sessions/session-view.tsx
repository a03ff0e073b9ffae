// One session as its learner, its shark or an admin sees it: what was booked, when (in both sides' zones),
// its status and timeline, the policy, and only the actions the server lists for this viewer now.
import { PaymentSummary } from '#web/features/money/money-lines.tsx';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  isClosedStatus,
  sessionEventLabel,
  SESSION_STATUS_LABEL,
  type SessionAction,
  type SessionDetail,
  type SessionEvent,
} from '#shared/sessions.ts';
import { answerByLine, cancellationPolicy, SESSION_MSG } from '#shared/sessions-texts.ts';
import { paths } from '#shared/routes.ts';
import { FormAlert } from '#web/components/form/form-status.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDateTimeIn, viewerTimeZone } from '#web/lib/format.ts';
import { useSessionAction } from './api';
import { CancelDialog, DeclineDialog, NoShowDialog, RescheduleDialog } from './session-dialogs';
import {
  BriefForm,
  BriefView,
  MeetingLinkForm,
  NotesForm,
  NotesView,
  safeMeetingLink,
} from './session-forms';
import { SessionThread } from './session-thread';
import { SessionJoin } from './session-join';
import { SessionTimes } from './session-time';
import { StatusBadge } from '#web/features/session-lists/status-badge.tsx';
import { formatPaise } from '#shared/money.ts';

export function SessionView({ session, now = new Date() }: { session: SessionDetail; now?: Date }) {
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const can = (a: SessionAction) => session.actions.includes(a);
  const onDone = (message: string) => {
    setNotice(message);
    // The button that did it may be gone now (a cancelled session has no Cancel): keep focus on the answer.
    // A timer queued now runs before the closing dialog's own focus return (also a timer, queued when it
    // unmounts), which then leaves focus where this put it.
    setTimeout(() => noticeRef.current?.focus(), 0);
  };
  const meetingLink = safeMeetingLink(session.meetingLink);
  const closed = isClosedStatus(session.status);

  return (
    <div className="container-page flex flex-col gap-6 py-10 sm:py-14">
      <header className="flex flex-col gap-2">
        <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Session</p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="heading-2 break-words">{session.course.title}</h1>
          <StatusBadge status={session.status} />
        </div>
        <p className="muted">
          {session.viewer === 'learner' ? (
            <>
              with{' '}
              <Link className="text-accent-300 hover:underline" to={paths.sharks.profile(session.shark.id)}>
                {session.shark.name}
              </Link>
            </>
          ) : (
            <>
              {session.learner.name} with {session.shark.name}
            </>
          )}
        </p>
      </header>

      <div ref={noticeRef} tabIndex={-1} className="rounded-xl">
        <FormAlert tone="success">{notice}</FormAlert>
      </div>

      {/* Once confirmed, what the viewer came for comes first, on a phone too (issue 25). */}
      {session.status === 'confirmed' ? <SessionJoin session={session} now={now} /> : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <Details session={session} />
          {session.payment ? <PaymentSummary payment={session.payment} /> : null}
          {session.pendingReschedule ? <PendingReschedule session={session} onDone={onDone} /> : null}
          <section aria-labelledby="session-actions" className="glass flex flex-col gap-4 p-5 sm:p-6">
            <h2 id="session-actions" className="text-lg font-semibold text-ink-100">
              What you can do
            </h2>
            <div className="flex flex-wrap gap-3">
              {can('accept') ? <AcceptButton session={session} onDone={onDone} /> : null}
              {can('decline') ? <DeclineDialog session={session} onDone={onDone} /> : null}
              {can('reschedule') ? <RescheduleDialog session={session} onDone={onDone} /> : null}
              {can('cancel') ? <CancelDialog session={session} now={now} onDone={onDone} /> : null}
              {can('reportNoShow') ? <NoShowDialog session={session} onDone={onDone} /> : null}
              {session.viewer === 'learner' && session.status === 'completed' && !session.reviewed ? (
                // Only a completed session is reviewed (issue 14); the review page says when its window closed.
                <Link to={paths.user.review(session.id)} className="btn-primary">
                  Leave a review
                </Link>
              ) : null}
            </div>
            {meetingLink && session.status !== 'confirmed' ? (
              <p className="text-sm">
                <span className="text-ink-400">Meeting link: </span>
                <a
                  href={meetingLink}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="break-all text-accent-300 hover:underline"
                >
                  {meetingLink}
                </a>
              </p>
            ) : null}
            {can('setMeetingLink') ? <MeetingLinkForm session={session} onDone={onDone} /> : null}
            {session.actions.filter((a) => a !== 'message').length === 0 && !meetingLink ? (
              <p className="muted text-sm">Nothing to do on this session now.</p>
            ) : null}
          </section>

          {/* The conversation before the brief and the notes: it is what changes between visits (issue 25). */}
          <SessionThread sessionId={session.id} canWrite={can('message')} closed={closed} />

          <section aria-labelledby="session-brief" className="glass flex flex-col gap-3 p-5 sm:p-6">
            <h2 id="session-brief" className="text-lg font-semibold text-ink-100">
              Learner's brief
            </h2>
            {can('editBrief') ? (
              <>
                <p className="muted text-sm">Tell your shark what you want from this session.</p>
                <BriefForm session={session} onDone={onDone} />
              </>
            ) : (
              <BriefView brief={session.brief} ownBrief={session.viewer === 'learner'} />
            )}
          </section>

          <section aria-labelledby="session-notes" className="glass flex flex-col gap-3 p-5 sm:p-6">
            <h2 id="session-notes" className="text-lg font-semibold text-ink-100">
              Shark's notes and action items
            </h2>
            {can('editNotes') ? (
              <NotesForm session={session} onDone={onDone} />
            ) : (
              <NotesView notes={session.notes} closed={closed} />
            )}
          </section>
        </div>

        <Timeline session={session} />
      </div>
    </div>
  );
}

function Details({ session }: { session: SessionDetail }) {
  return (
    <section aria-labelledby="session-details" className="glass flex flex-col gap-4 p-5 sm:p-6">
      <h2 id="session-details" className="text-lg font-semibold text-ink-100">
        Details
      </h2>
      {session.status === 'requested' ? (
        <div className="rounded-xl border border-accent-400/40 bg-accent-400/10 px-4 py-3 text-sm text-ink-100">
          <p>{SESSION_MSG.awaitingShark}</p>
          {session.answerBy ? (
            <p className="muted mt-1">
              {answerByLine(
                session.viewer,
                `${formatDateTimeIn(session.answerBy, viewerTimeZone())} (your time)`,
                session.payment !== null,
              )}
            </p>
          ) : null}
        </div>
      ) : null}
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Item label="Course">{session.course.title}</Item>
        <Item label="Shark">{session.shark.name}</Item>
        <Item label="Learner">
          {session.learner.name}
          {/* The shark gets the contact from confirmation on (issue 43); the server sends it only then. */}
          {session.viewer !== 'learner' && session.learner.email !== null ? (
            <span className="muted block text-xs wrap-anywhere" data-testid="learner-contact">
              {[session.learner.email, session.learner.phone].filter(Boolean).join(' · ')}
            </span>
          ) : null}
        </Item>
        <Item label="Hours">{session.hours}</Item>
        <Item label="Price">{formatPaise(session.totalPricePaise)}</Item>
        <Item label="Status">{SESSION_STATUS_LABEL[session.status]}</Item>
        <div className="sm:col-span-2">
          <dt className="text-ink-400">When</dt>
          <dd className="mt-1">
            <SessionTimes session={session} />
          </dd>
        </div>
      </dl>
      <p className="text-sm text-ink-300">{cancellationPolicy(session.course.cancellationHours)}</p>
      {session.payment === null ? (
        session.totalPricePaise === 0 ? (
          <p className="text-sm text-ink-300">{SESSION_MSG.free}</p>
        ) : null
      ) : null}
    </section>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-ink-400">{label}</dt>
      <dd className="text-ink-100">{children}</dd>
    </div>
  );
}

function AcceptButton({ session, onDone }: { session: SessionDetail; onDone: (m: string) => void }) {
  const mutation = useSessionAction(session.id);
  return (
    <>
      <button
        type="button"
        className="btn-primary"
        disabled={mutation.isPending}
        onClick={() =>
          mutation.mutate({ action: 'accept' }, { onSuccess: (result) => onDone(result.message) })
        }
      >
        {mutation.isPending ? 'Accepting…' : 'Accept request'}
      </button>
      {mutation.isError ? <FormAlert>{errorMessage(mutation.error)}</FormAlert> : null}
    </>
  );
}

function PendingReschedule({ session, onDone }: { session: SessionDetail; onDone: (m: string) => void }) {
  const pending = session.pendingReschedule!;
  const accept = useSessionAction(session.id);
  const decline = useSessionAction(session.id);
  const byMe = pending.proposedBy === session.viewer;
  const failed = accept.error ?? decline.error;
  return (
    <section
      aria-labelledby="session-reschedule"
      className="glass flex flex-col gap-3 border-accent-400/40 p-5 sm:p-6"
    >
      <h2 id="session-reschedule" className="text-lg font-semibold text-ink-100">
        {byMe
          ? 'You proposed a new time'
          : `The ${pending.proposedBy === 'shark' ? 'shark' : 'learner'} proposed a new time`}
      </h2>
      <SessionTimes session={session} startsAt={pending.startsAt} endsAt={pending.endsAt} />
      <p className="muted text-sm">
        {byMe
          ? 'Waiting for an answer; until then the session stays at its current time.'
          : 'Accept it to move the session, or decline it to keep the current time.'}
      </p>
      <div className="flex flex-wrap gap-3">
        {session.actions.includes('acceptReschedule') ? (
          <button
            type="button"
            className="btn-primary"
            disabled={accept.isPending || decline.isPending}
            onClick={() =>
              accept.mutate({ action: 'acceptReschedule' }, { onSuccess: (r) => onDone(r.message) })
            }
          >
            Accept new time
          </button>
        ) : null}
        {session.actions.includes('declineReschedule') ? (
          <button
            type="button"
            className="btn-ghost"
            disabled={accept.isPending || decline.isPending}
            onClick={() =>
              decline.mutate({ action: 'declineReschedule' }, { onSuccess: (r) => onDone(r.message) })
            }
          >
            Decline new time
          </button>
        ) : null}
      </div>
      {failed ? <FormAlert>{errorMessage(failed)}</FormAlert> : null}
    </section>
  );
}

const ACTOR: Record<SessionEvent['actor'], (s: SessionDetail) => string> = {
  learner: (s) => `${s.learner.name} (learner)`,
  shark: (s) => `${s.shark.name} (shark)`,
  admin: () => 'Admin',
  system: () => 'Automatic',
};

function Timeline({ session }: { session: SessionDetail }) {
  const zone = viewerTimeZone();
  return (
    <section aria-labelledby="session-timeline" className="glass flex flex-col gap-4 p-5 sm:p-6">
      <h2 id="session-timeline" className="text-lg font-semibold text-ink-100">
        Timeline
      </h2>
      <ol aria-label="Timeline" className="flex flex-col gap-4 border-l border-white/10 pl-4">
        {session.events.map((e, i) => (
          <li key={`${e.at}-${i}`} data-testid="timeline-event" className="relative text-sm">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[21px] h-2.5 w-2.5 rounded-full bg-accent-400"
            />
            <p className="font-medium text-ink-100">
              {sessionEventLabel(e)}
              {e.late ? (
                <span className="ml-2 rounded-full border border-warning-400/50 px-2 py-0.5 text-xs text-warning-400">
                  Late cancellation
                </span>
              ) : null}
            </p>
            <p className="muted text-xs">
              {ACTOR[e.actor](session)} · <time dateTime={e.at}>{formatDateTimeIn(e.at, zone)}</time>
            </p>
            {e.startsAt ? (
              <p className="text-xs text-ink-300">New time: {formatDateTimeIn(e.startsAt, zone)}</p>
            ) : null}
            {e.reason ? <p className="mt-1 text-ink-300 break-words">“{e.reason}”</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
