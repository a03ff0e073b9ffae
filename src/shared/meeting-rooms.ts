// How a shark's sessions get a meeting room (issue 26, decision 149): their own fixed link, or a new Jitsi room
// per session, set when a session is confirmed; 'manual' (the default) keeps pasting a link into each session.
import { z } from 'zod';
import { meetingUrl } from './sessions';

export const MEETING_ROOM_KINDS = ['manual', 'fixed', 'jitsi'] as const;
export type MeetingRoomKind = (typeof MEETING_ROOM_KINDS)[number];

/** The longest fixed link we keep (the same bound as a session's own link). */
export const MEETING_LINK_MAX = 500;

export const MEETING_ROOM_MSG = {
  kindRequired: 'Choose how your sessions get a meeting room.',
  linkRequired: 'Enter your meeting link (https://…).',
  linkInvalid:
    'Enter an https:// link to your meeting room (Zoom, Meet, Teams…), without a user name or password.',
  linkTooLong: `Keep the link under ${MEETING_LINK_MAX} characters.`,
  saved: 'Saved. Sessions you confirm from now on get their room this way.',
  title: 'Meeting rooms',
  intro:
    'Choose once how your sessions get a meeting room. The room is set when you confirm a session, and shows on the session page, in its calendar file and in the reminders. You can still change one session’s link by hand.',
  manual: 'I paste a link into each session myself',
  fixed: 'My own fixed link (a personal Zoom, Meet or Teams room)',
  jitsi: 'A new Jitsi room for every session (no account needed)',
  linkLabel: 'Your meeting link',
  jitsiNote: (server: string) =>
    `Each confirmed session gets its own room on ${server}, with a name nobody can guess.`,
} as const;

/** PUT /api/workspace/meeting-room: the shark's choice; `link` only with 'fixed'. */
export const meetingRoomInputSchema = z
  .object({
    kind: z.enum(MEETING_ROOM_KINDS, { error: MEETING_ROOM_MSG.kindRequired }),
    link: z
      .string({ error: MEETING_ROOM_MSG.linkInvalid })
      .trim()
      .max(MEETING_LINK_MAX, MEETING_ROOM_MSG.linkTooLong)
      .nullish()
      .transform((v) => v ?? ''),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== 'fixed') return;
    if (v.link === '')
      ctx.addIssue({ code: 'custom', path: ['link'], message: MEETING_ROOM_MSG.linkRequired });
    else if (meetingUrl(v.link) === null)
      ctx.addIssue({ code: 'custom', path: ['link'], message: MEETING_ROOM_MSG.linkInvalid });
  })
  .transform((v) => ({ kind: v.kind, link: v.kind === 'fixed' ? (meetingUrl(v.link) as string) : null }));
export type MeetingRoomInput = z.input<typeof meetingRoomInputSchema>;

/** GET/PUT /api/workspace/meeting-room */
export const meetingRoomSchema = z.object({
  kind: z.enum(MEETING_ROOM_KINDS),
  link: z.string().nullable(),
  /** The Jitsi server new rooms are made on (JITSI_BASE_URL). */
  jitsiServer: z.string(),
});
export type MeetingRoom = z.infer<typeof meetingRoomSchema>;
