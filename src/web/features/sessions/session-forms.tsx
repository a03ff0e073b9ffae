// The session's written parts: the meeting link (the shark sets it; both see it from confirmation on), the
// learner's brief before the session and the shark's notes after it. Each is a form for the side that may
// edit it now, and plain text for everyone else.
import { useId, type ReactNode } from 'react';
import {
  meetingLinkSchema,
  sessionBriefSchema,
  sessionNotesSchema,
  type MeetingLinkInput,
  type SessionBrief,
  type SessionBriefInput,
  type SessionDetail,
  type SessionNotes,
  type SessionNotesInput,
} from '#shared/sessions.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { TextAreaField, TextField } from '#web/components/form/field.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { useSessionAction } from './api';

type Done = (message: string) => void;

/** Only an https address is ever made a link (the server checks the same; this guards old data). */
export const safeMeetingLink = (link: string | null) => {
  if (!link) return null;
  try {
    return new URL(link).protocol === 'https:' ? link : null;
  } catch {
    return null;
  }
};

export function MeetingLinkForm({ session, onDone }: { session: SessionDetail; onDone: Done }) {
  const id = useId();
  const mutation = useSessionAction(session.id);
  const form = useApiForm<MeetingLinkInput>({
    schema: meetingLinkSchema,
    fields: ['meetingLink'],
    defaultValues: { meetingLink: session.meetingLink ?? '' },
    onSubmit: async (values) => {
      const result = await mutation.mutateAsync({ action: 'setMeetingLink', body: values });
      form.reset({ meetingLink: result.session.meetingLink ?? '' });
      onDone(result.message);
    },
  });
  return (
    <Form form={form} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        id={`${id}-link`}
        className="flex-1"
        label="Meeting link"
        type="url"
        inputMode="url"
        placeholder="https://meet.example.com/…"
        hint="Any https:// link: Meet, Zoom, Jitsi. The learner sees it once the session is confirmed."
        error={form.formState.errors.meetingLink?.message}
        {...form.register('meetingLink')}
      />
      <SubmitButton
        className="btn-ghost sm:mt-7"
        pending={form.formState.isSubmitting}
        pendingLabel="Saving…"
      >
        Save link
      </SubmitButton>
      <FormAlert>{form.formError}</FormAlert>
    </Form>
  );
}

const BRIEF_FIELDS = [
  ['goal', 'What you want from this session'],
  ['level', 'Your current level'],
  ['certification', 'Target certification'],
  ['stuckOn', 'A lab or box you are stuck on'],
] as const satisfies ReadonlyArray<readonly [keyof SessionBrief, string]>;

const NOTES_FIELDS = [
  ['notes', 'Notes'],
  ['actionItems', 'Action items'],
] as const satisfies ReadonlyArray<readonly [keyof SessionNotes, string]>;

export function BriefForm({ session, onDone }: { session: SessionDetail; onDone: Done }) {
  const id = useId();
  const mutation = useSessionAction(session.id);
  const form = useApiForm<SessionBriefInput, SessionBrief>({
    schema: sessionBriefSchema,
    fields: ['goal', 'level', 'certification', 'stuckOn'],
    defaultValues: session.brief,
    onSubmit: async (values) => {
      const result = await mutation.mutateAsync({ action: 'editBrief', body: values });
      form.reset(result.session.brief);
      onDone(result.message);
    },
  });
  return (
    <Form form={form} className="grid gap-3 sm:grid-cols-2">
      {BRIEF_FIELDS.map(([name, label]) => (
        <TextAreaField
          key={name}
          id={`${id}-${name}`}
          rows={3}
          label={label}
          error={form.formState.errors[name]?.message}
          {...form.register(name)}
        />
      ))}
      <div className="flex flex-col gap-3 sm:col-span-2">
        <FormAlert>{form.formError}</FormAlert>
        <SubmitButton
          className="btn-ghost self-start"
          pending={form.formState.isSubmitting}
          pendingLabel="Saving…"
        >
          Save brief
        </SubmitButton>
      </div>
    </Form>
  );
}

export function NotesForm({ session, onDone }: { session: SessionDetail; onDone: Done }) {
  const id = useId();
  const mutation = useSessionAction(session.id);
  const form = useApiForm<SessionNotesInput, SessionNotes>({
    schema: sessionNotesSchema,
    fields: ['notes', 'actionItems'],
    defaultValues: session.notes,
    onSubmit: async (values) => {
      const result = await mutation.mutateAsync({ action: 'editNotes', body: values });
      form.reset(result.session.notes);
      onDone(result.message);
    },
  });
  return (
    <Form form={form} className="flex flex-col gap-3">
      {NOTES_FIELDS.map(([name, label]) => (
        <TextAreaField
          key={name}
          id={`${id}-${name}`}
          label={label}
          error={form.formState.errors[name]?.message}
          {...form.register(name)}
        />
      ))}
      <FormAlert>{form.formError}</FormAlert>
      <SubmitButton
        className="btn-ghost self-start"
        pending={form.formState.isSubmitting}
        pendingLabel="Saving…"
      >
        Save notes
      </SubmitButton>
    </Form>
  );
}

/** The filled-in parts of a brief or notes, read-only; nothing when all are empty. */
function ReadOnly({
  entries,
  empty,
}: {
  entries: ReadonlyArray<readonly [string, string]>;
  empty: ReactNode;
}) {
  const filled = entries.filter(([, value]) => value.trim() !== '');
  if (filled.length === 0) return <p className="muted text-sm">{empty}</p>;
  return (
    <dl className="flex flex-col gap-3 text-sm">
      {filled.map(([label, value]) => (
        <div key={label}>
          <dt className="text-ink-400">{label}</dt>
          <dd className="whitespace-pre-wrap text-ink-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The brief as read: an empty one is "the learner's" to the shark and an admin, the learner's own to it. */
export function BriefView({ brief, ownBrief }: { brief: SessionBrief; ownBrief: boolean }) {
  return (
    <ReadOnly
      entries={BRIEF_FIELDS.map(([name, label]) => [label, brief[name]] as const)}
      empty={ownBrief ? SESSION_MSG.noBriefForLearner : SESSION_MSG.noBriefForShark}
    />
  );
}

/** The notes as read: none are coming on a session that did not take place. */
export function NotesView({ notes, closed }: { notes: SessionNotes; closed: boolean }) {
  return (
    <ReadOnly
      entries={NOTES_FIELDS.map(([name, label]) => [label, notes[name]] as const)}
      empty={closed ? SESSION_MSG.noNotesClosed : SESSION_MSG.noNotes}
    />
  );
}
