// The shark's meeting rooms (issue 26, decision 149), on the workspace's profile page: paste a link into each
// session, a fixed link of one's own, or a new Jitsi room per session. The link field shows only for 'fixed'.
import { useId, useState } from 'react';
import {
  MEETING_ROOM_KINDS,
  MEETING_ROOM_MSG as MSG,
  meetingRoomInputSchema,
  type MeetingRoom,
  type MeetingRoomInput,
} from '#shared/meeting-rooms.ts';
import { FieldError, TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useMeetingRoom, useSaveMeetingRoom } from './api';

function RoomForm({ room, sharkId }: { room: MeetingRoom; sharkId?: string }) {
  const save = useSaveMeetingRoom(sharkId);
  const [done, setDone] = useState<string | null>(null);
  const id = useId();
  const form = useApiForm<MeetingRoomInput>({
    schema: meetingRoomInputSchema,
    defaultValues: { kind: room.kind, link: room.link ?? '' },
    fields: ['kind', 'link'],
    onSubmit: async (values) => {
      setDone(null);
      const res = await save.mutateAsync(values);
      form.reset({ kind: res.room.kind, link: res.room.link ?? '' });
      setDone(res.message);
    },
  });
  const kind = form.watch('kind');
  const { errors } = form.formState;
  return (
    <Form form={form} className="flex flex-col gap-4">
      <FormAlert tone="success">{done}</FormAlert>
      <FormAlert>{form.formError}</FormAlert>
      <fieldset
        className="flex flex-col gap-2"
        aria-invalid={errors.kind ? true : undefined}
        aria-describedby={errors.kind ? `${id}-kind-error` : undefined}
      >
        <legend className="label">How sessions get a room</legend>
        {MEETING_ROOM_KINDS.map((k) => (
          <label key={k} className="flex min-h-11 items-center gap-2 text-sm text-ink-100">
            <input type="radio" value={k} {...form.register('kind')} />
            {MSG[k]}
          </label>
        ))}
        <FieldError id={`${id}-kind-error`} message={errors.kind?.message} />
      </fieldset>
      {kind === 'fixed' ? (
        <TextField
          id={`${id}-link`}
          label={MSG.linkLabel}
          type="url"
          inputMode="url"
          placeholder="https://zoom.us/j/…"
          error={errors.link?.message}
          {...form.register('link')}
        />
      ) : null}
      {kind === 'jitsi' ? <p className="muted text-sm">{MSG.jitsiNote(room.jitsiServer)}</p> : null}
      <SubmitButton
        pending={form.formState.isSubmitting}
        pendingLabel="Saving…"
        className="btn-primary w-fit"
      >
        Save meeting rooms
      </SubmitButton>
    </Form>
  );
}

export function MeetingRoomSection({ sharkId }: { sharkId?: string }) {
  const room = useMeetingRoom(sharkId);
  return (
    <section aria-labelledby="meeting-rooms-title" className="glass flex flex-col gap-3 p-5 sm:p-6">
      <h2 id="meeting-rooms-title" className="text-lg font-semibold text-ink-100">
        {MSG.title}
      </h2>
      <p className="muted text-sm">{MSG.intro}</p>
      {room.isPending ? (
        <Skeleton className="h-40" />
      ) : room.isError ? (
        <FormAlert>{errorMessage(room.error)}</FormAlert>
      ) : (
        <RoomForm room={room.data} sharkId={sharkId} />
      )}
    </section>
  );
}
