import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { MEETING_ROOM_MSG } from '#shared/meeting-rooms.ts';
import { COURSE_MSG, type OwnCourse } from '#shared/courses.ts';
import { type SharkProfile, WORKSPACE_MSG } from '#shared/workspace.ts';
import { mockApi, polyfillRadix, renderScreen, sessionFor } from '#web/testing/test-utils.tsx';
import EditProfilePage from '#web/pages/shark/edit-profile-page.tsx';

beforeEach(polyfillRadix);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SHARK_ID = '0b7e0a52-1c1d-4f5e-9a8b-7c6d5e4f3a2b';
const PROFILE: SharkProfile = {
  id: SHARK_ID,
  userId: '7b0f3c2e-4d5a-4b6c-8d9e-0f1a2b3c4d5e',
  email: 'shark@example.com',
  name: 'Arjun Mehta',
  codeName: null,
  specialization: 'pentesting',
  experience: 8,
  bio: 'Web and API pentesting.',
  photoUrl: null,
  headline: null,
  languages: [],
  skills: [],
  links: {},
  published: true,
  adminUnpublishReason: null,
};
const routes = [{ path: '/shark/edit-profile', element: <EditProfilePage /> }];

/** A tiny fake of the courses API that keeps what was created, as the server would. */
function courseServer(initial: OwnCourse[] = []) {
  let courses = [...initial];
  return mockApi({
    'GET /api/auth/session': { status: 200, body: sessionFor('shark@example.com', ['shark']) },
    'GET /api/workspace/profile': { status: 200, body: PROFILE },
    'GET /api/workspace/courses': () => ({ status: 200, body: courses }),
    'POST /api/workspace/courses': ({ body }) => {
      const b = body as Record<string, unknown>;
      const course: OwnCourse = {
        id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
        sharkId: SHARK_ID,
        title: String(b.title),
        courseCode: 'CRS-7QX2KD',
        description: String(b.description),
        duration: Number(b.duration),
        pricePaise: Number(b.pricePaise),
        image: null,
        enrollmentFormUrl: (b.enrollmentFormUrl as string | null) ?? null,
        requiredDevices: String(b.requiredDevices),
        requiredKnowledge: String(b.requiredKnowledge),
        bookingCount: 0,
        enrolledCount: 0,
        cancellationHours: Number(b.cancellationHours),
        lateCancellationRefund: Number(b.lateCancellationRefund),
        archived: false,
        createdAt: '2026-11-22T10:00:00.000Z',
      };
      courses = [course, ...courses];
      return { status: 201, body: { message: 'Course created.', course } };
    },
    [`DELETE /api/workspace/courses/5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b`]: () => {
      courses = courses.filter((c) => c.id !== '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b');
      return { status: 200, body: { message: 'Course deleted.' } };
    },
  });
}

describe('course manager on /shark/edit-profile', () => {
  it("creates a course with the form (showing each required field's message first) and deletes it after confirming", async () => {
    const { calls } = courseServer();
    const user = userEvent.setup();
    renderScreen(routes, '/shark/edit-profile');
    expect(await screen.findByText('No courses yet')).toBeInTheDocument();
    expect(
      screen.getByText('Set your weekly hours, days off, buffer and notice, and open your calendar.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit availability' })).toHaveAttribute(
      'href',
      '/shark/availability',
    );

    await user.click(screen.getByRole('button', { name: '+ Add course' }));
    const dialog = await screen.findByRole('dialog', { name: 'New course' });
    expect(within(dialog).getByLabelText('Required devices')).toHaveValue('Laptop + Internet');
    expect(within(dialog).getByLabelText('Required knowledge')).toHaveValue('Basic Skills');
    await user.click(within(dialog).getByRole('button', { name: 'Create course' }));
    for (const message of [
      'Title is required',
      'Description is required',
      'Duration is required',
      'Price is required',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }

    await user.type(within(dialog).getByLabelText('Title'), 'Web App Pentesting');
    await user.type(within(dialog).getByLabelText('Description'), 'OWASP Top 10, hands-on.');
    await user.type(within(dialog).getByLabelText('Duration (hours)'), '6');
    // Typed in rupees and paise; sent in paise (decision 210).
    await user.type(within(dialog).getByLabelText('Price per hour (₹)'), '1500.50');
    await user.type(within(dialog).getByLabelText('Enrollment form link (optional)'), 'not a link');
    await user.click(within(dialog).getByRole('button', { name: 'Create course' }));
    expect(
      await within(dialog).findByText('Enrollment form link must be a valid URL (http or https)'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(within(dialog).getByLabelText('Enrollment form link (optional)'));
    await user.type(
      within(dialog).getByLabelText('Enrollment form link (optional)'),
      'https://forms.example.com/web',
    );
    const windowSelect = within(dialog).getByLabelText('Cancellation window');
    expect(windowSelect).toHaveValue('24');
    expect(
      within(windowSelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Free cancellation until the session starts.',
      'Free cancellation until 12 h before the session. Later cancellations by the learner are recorded as late.',
      'Free cancellation until 24 h before the session. Later cancellations by the learner are recorded as late.',
      'Free cancellation until 48 h before the session. Later cancellations by the learner are recorded as late.',
      'Free cancellation until 72 h before the session. Later cancellations by the learner are recorded as late.',
    ]);
    await user.selectOptions(windowSelect, '48');
    // Next to the window: what a learner who cancels inside it gets back, 50% unless the shark says otherwise.
    const lateRefund = within(dialog).getByRole('group', { name: 'Refund when a learner cancels late' });
    expect(
      within(lateRefund)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['50', '0']);
    expect(within(lateRefund).getByRole('radio', { name: '50% refund' })).toBeChecked();
    expect(lateRefund).toHaveAccessibleDescription(/when they cancel inside the window/);
    await user.click(within(lateRefund).getByText('No refund'));
    expect(within(lateRefund).getByRole('radio', { name: 'No refund' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create course' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Course “Web App Pentesting” created (CRS-7QX2KD).')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Web App Pentesting',
      description: 'OWASP Top 10, hands-on.',
      duration: 6,
      pricePaise: 150_050,
      courseCode: null,
      enrollmentFormUrl: 'https://forms.example.com/web',
      requiredDevices: 'Laptop + Internet',
      requiredKnowledge: 'Basic Skills',
      cancellationHours: 48,
      lateCancellationRefund: 0,
    });
    const list = await screen.findByRole('list', { name: 'Your courses' });
    expect(within(list).getByText('Web App Pentesting')).toBeInTheDocument();
    expect(within(list).getByText('CRS-7QX2KD')).toBeInTheDocument();
    expect(within(list).getByText('0 enrolled')).toBeInTheDocument();
    expect(within(list).getByText(/₹1,500\.50\/hour/)).toBeInTheDocument();

    // Cancel keeps the course; confirming deletes it.
    await user.click(screen.getByRole('button', { name: 'Delete Web App Pentesting' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this course?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Web App Pentesting' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this course?' })).getByRole('button', {
        name: 'Delete course',
      }),
    );
    expect(await screen.findByText('No courses yet')).toBeInTheDocument();
    expect(await screen.findByText('Course “Web App Pentesting” deleted.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/workspace/courses/5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
    ]);
  });

  it('after a save whose image failed, the dialog edits that course: pressing again never makes a duplicate', async () => {
    const COURSE_ID = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
    let uploads = 0;
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('shark@example.com', ['shark']) },
      'GET /api/workspace/profile': { status: 200, body: PROFILE },
      'GET /api/workspace/courses': { status: 200, body: [] },
      'POST /api/workspace/courses': ({ body }) => ({
        status: 201,
        body: {
          message: 'Course created.',
          course: {
            id: COURSE_ID,
            sharkId: SHARK_ID,
            title: String((body as { title: string }).title),
            courseCode: 'CRS-7QX2KD',
            description: 'd',
            duration: 2,
            pricePaise: 100_000,
            image: null,
            enrollmentFormUrl: null,
            requiredDevices: 'Laptop + Internet',
            requiredKnowledge: 'Basic Skills',
            bookingCount: 0,
            enrolledCount: 0,
            cancellationHours: 24,
            lateCancellationRefund: 50,
            archived: false,
            createdAt: '2026-11-22T10:00:00.000Z',
          },
        },
      }),
      [`PUT /api/workspace/courses/${COURSE_ID}`]: ({ body }) => ({
        status: 200,
        body: {
          message: 'Course updated.',
          course: {
            id: COURSE_ID,
            sharkId: SHARK_ID,
            title: String((body as { title: string }).title),
            courseCode: 'CRS-7QX2KD',
            description: 'd',
            duration: 2,
            pricePaise: 100_000,
            image: null,
            enrollmentFormUrl: null,
            requiredDevices: 'Laptop + Internet',
            requiredKnowledge: 'Basic Skills',
            bookingCount: 0,
            enrolledCount: 0,
            cancellationHours: 24,
            lateCancellationRefund: 50,
            archived: false,
            createdAt: '2026-11-22T10:00:00.000Z',
          },
        },
      }),
      [`POST /api/workspace/courses/${COURSE_ID}/image`]: () =>
        ++uploads === 1
          ? {
              status: 400,
              body: { error: { code: 'bad_image', message: 'The file is not an image.', fields: {} } },
            }
          : { status: 200, body: { message: 'Image saved.', course: { id: COURSE_ID } } },
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const user = userEvent.setup();
    renderScreen(routes, '/shark/edit-profile');
    await user.click(await screen.findByRole('button', { name: '+ Add course' }));
    const dialog = await screen.findByRole('dialog', { name: 'New course' });
    await user.type(within(dialog).getByLabelText('Title'), 'Web App Pentesting');
    await user.type(within(dialog).getByLabelText('Description'), 'd');
    await user.type(within(dialog).getByLabelText('Duration (hours)'), '2');
    await user.type(within(dialog).getByLabelText('Price per hour (₹)'), '1000');
    await user.upload(
      within(dialog).getByLabelText('Course image'),
      new File(['x'], 'a.png', { type: 'image/png' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create course' }));
    expect(
      await within(dialog).findByText(/The course was saved without the new image\./),
    ).toBeInTheDocument();

    // The dialog now edits the saved course.
    const again = within(dialog).getByRole('button', { name: 'Save course' });
    await user.upload(
      within(dialog).getByLabelText('Course image'),
      new File(['y'], 'b.png', { type: 'image/png' }),
    );
    await user.click(again);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const writes = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(writes).toEqual([
      'POST /api/workspace/courses',
      `POST /api/workspace/courses/${COURSE_ID}/image`,
      `PUT /api/workspace/courses/${COURSE_ID}`,
      `POST /api/workspace/courses/${COURSE_ID}/image`,
    ]);
  });

  it("opens a course with its late-cancellation refund chosen, saves a change, and shows the server's refusal beside the choice", async () => {
    const COURSE_ID = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
    const course: OwnCourse = {
      id: COURSE_ID,
      sharkId: SHARK_ID,
      title: 'Cloud IR',
      courseCode: 'CRS-CLOUD1',
      description: 'Hands-on.',
      duration: 2,
      pricePaise: 100_000,
      image: null,
      enrollmentFormUrl: null,
      requiredDevices: 'Laptop + Internet',
      requiredKnowledge: 'Basic Skills',
      bookingCount: 0,
      enrolledCount: 0,
      cancellationHours: 24,
      lateCancellationRefund: 0,
      archived: false,
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    let puts = 0;
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('shark@example.com', ['shark']) },
      'GET /api/workspace/profile': { status: 200, body: PROFILE },
      'GET /api/workspace/courses': { status: 200, body: [course] },
      [`PUT /api/workspace/courses/${COURSE_ID}`]: () =>
        ++puts === 1
          ? {
              status: 400,
              body: {
                error: {
                  code: 'validation_failed',
                  message: 'Check the highlighted fields.',
                  fields: { lateCancellationRefund: COURSE_MSG.lateRefundInvalid },
                },
              },
            }
          : {
              status: 200,
              body: { message: 'Course updated.', course: { ...course, lateCancellationRefund: 50 } },
            },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/shark/edit-profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Cloud IR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Cloud IR' });
    const lateRefund = within(dialog).getByRole('group', { name: 'Refund when a learner cancels late' });
    expect(within(lateRefund).getByRole('radio', { name: 'No refund' })).toBeChecked();
    await user.click(within(lateRefund).getByRole('radio', { name: '50% refund' }));

    await user.click(within(dialog).getByRole('button', { name: 'Save course' }));
    expect(await within(lateRefund).findByText(COURSE_MSG.lateRefundInvalid)).toBeInTheDocument();
    expect(lateRefund).toHaveAttribute('aria-invalid', 'true');
    expect(lateRefund).toHaveAccessibleDescription(expect.stringContaining(COURSE_MSG.lateRefundInvalid));

    await user.click(within(dialog).getByRole('button', { name: 'Save course' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      calls
        .filter((c) => c.method === 'PUT')
        .map((c) => (c.body as Record<string, unknown>).lateCancellationRefund),
    ).toEqual([50, 50]);
  });

  it('closing the delete dialog never leaves focus on the page: back to Delete, then to the next course, then to "Add course"', async () => {
    const course = (id: string, title: string): OwnCourse => ({
      id,
      sharkId: SHARK_ID,
      title,
      courseCode: `CRS-${title.slice(0, 6).toUpperCase().replace(/ /g, 'X')}`,
      description: 'Hands-on.',
      duration: 2,
      pricePaise: 100_000,
      image: null,
      enrollmentFormUrl: null,
      requiredDevices: 'Laptop + Internet',
      requiredKnowledge: 'Basic Skills',
      bookingCount: 0,
      enrolledCount: 0,
      cancellationHours: 24,
      lateCancellationRefund: 50,
      archived: false,
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    let courses = [
      course('1a2b3c4d-0000-4000-8000-000000000001', 'Cloud IR'),
      course('1a2b3c4d-0000-4000-8000-000000000002', 'Web Basics'),
    ];
    const remove = (id: string) => () => {
      courses = courses.filter((c) => c.id !== id);
      return { status: 200, body: { message: 'Course deleted.' } };
    };
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('shark@example.com', ['shark']) },
      'GET /api/workspace/profile': { status: 200, body: PROFILE },
      'GET /api/workspace/courses': () => ({ status: 200, body: courses }),
      [`DELETE /api/workspace/courses/${courses[0]!.id}`]: remove(courses[0]!.id),
      [`DELETE /api/workspace/courses/${courses[1]!.id}`]: remove(courses[1]!.id),
    });
    const user = userEvent.setup();
    renderScreen(routes, '/shark/edit-profile');
    const deleteFirst = await screen.findByRole('button', { name: 'Delete Cloud IR' });

    // Opened from the keyboard; Escape and Cancel both hand focus back to the Delete button.
    deleteFirst.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Delete this course?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(deleteFirst).toHaveFocus());
    await user.keyboard('{Enter}');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this course?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    await waitFor(() => expect(deleteFirst).toHaveFocus());

    // Deleted: its row is gone, focus moves to the course that took its place.
    await user.keyboard('{Enter}');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this course?' })).getByRole('button', {
        name: 'Delete course',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete Cloud IR' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Web Basics' })).toHaveFocus());

    // The last one deleted: "Add course" takes the focus.
    screen.getByRole('button', { name: 'Delete Web Basics' }).focus();
    await user.keyboard('{Enter}');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this course?' })).getByRole('button', {
        name: 'Delete course',
      }),
    );
    expect(await screen.findByText('No courses yet')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '+ Add course' })).toHaveFocus());
    expect(document.activeElement).not.toBe(document.body);
  });

  it('a course with bookings is archived and restored instead of deleted', async () => {
    let course: OwnCourse = {
      id: '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c',
      sharkId: SHARK_ID,
      title: 'Cloud IR',
      courseCode: 'CRS-CL0UD1',
      description: 'Incident response in AWS.',
      duration: 4,
      pricePaise: 200_000,
      image: null,
      enrollmentFormUrl: null,
      requiredDevices: 'Laptop + Internet',
      requiredKnowledge: 'Basic Skills',
      bookingCount: 2,
      enrolledCount: 2,
      cancellationHours: 24,
      lateCancellationRefund: 50,
      archived: false,
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('shark@example.com', ['shark']) },
      'GET /api/workspace/profile': { status: 200, body: PROFILE },
      'GET /api/workspace/courses': () => ({ status: 200, body: [course] }),
      [`POST /api/workspace/courses/${course.id}/archive`]: () => {
        course = { ...course, archived: true };
        return { status: 200, body: { message: SESSION_MSG.courseArchived, course } };
      },
      [`POST /api/workspace/courses/${course.id}/restore`]: () => {
        course = { ...course, archived: false };
        return { status: 200, body: { message: SESSION_MSG.courseRestored, course } };
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/shark/edit-profile');
    await user.click(await screen.findByRole('button', { name: 'Archive Cloud IR' }));
    expect(screen.queryByRole('button', { name: 'Delete Cloud IR' })).not.toBeInTheDocument();
    expect(
      await screen.findByText('Course archived: it is hidden from new bookings and kept for its sessions.'),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Your courses' });
    expect(await within(list).findByText('Archived')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore Cloud IR' }));
    expect(await screen.findByText('Course restored: learners can book it again.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Archive Cloud IR' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/workspace/courses/${course.id}/archive`,
      `/api/workspace/courses/${course.id}/restore`,
    ]);
  });

  it('says "Error deleting course." with the reason when the server refuses (booked meanwhile), and keeps the course', async () => {
    const booked: OwnCourse = {
      id: '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c',
      sharkId: SHARK_ID,
      title: 'Cloud IR',
      courseCode: 'CRS-CL0UD1',
      description: 'Incident response in AWS.',
      duration: 4,
      pricePaise: 200_000,
      image: null,
      enrollmentFormUrl: null,
      requiredDevices: 'Laptop + Internet',
      requiredKnowledge: 'Basic Skills',
      // The list was read before the first booking arrived: Delete is offered, the server refuses.
      bookingCount: 0,
      enrolledCount: 0,
      cancellationHours: 24,
      lateCancellationRefund: 50,
      archived: false,
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('shark@example.com', ['shark']) },
      'GET /api/workspace/profile': { status: 200, body: PROFILE },
      'GET /api/workspace/courses': { status: 200, body: [booked] },
      [`DELETE /api/workspace/courses/${booked.id}`]: {
        status: 409,
        body: {
          error: {
            code: 'course_has_bookings',
            message: 'Error deleting course. This course has 1 booking, so it cannot be deleted.',
          },
        },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/shark/edit-profile');
    expect(await screen.findByText('0 enrolled')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Cloud IR' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this course?' })).getByRole('button', {
        name: 'Delete course',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete this course?' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error deleting course. This course has 1 booking, so it cannot be deleted.',
    );
    // The page behind the open dialog is hidden from assistive tech, so look past that.
    expect(
      within(screen.getByRole('list', { name: 'Your courses', hidden: true })).getByText('Cloud IR'),
    ).toBeInTheDocument();
  });

  it('saves the profile with "✅ Profile updated successfully!" and shows the field messages first', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('shark@example.com', ['shark']) },
      'GET /api/workspace/profile': { status: 200, body: { ...PROFILE, bio: null, experience: null } },
      'GET /api/workspace/courses': { status: 200, body: [] },
      'PUT /api/workspace/profile': ({ body }) => ({
        status: 200,
        body: { message: '✅ Profile updated successfully!', profile: { ...PROFILE, ...(body as object) } },
      }),
    });
    const user = userEvent.setup();
    renderScreen(routes, '/shark/edit-profile');
    const name = await screen.findByLabelText('Name');
    // Without a photo the workspace shows the shark's initials, as learners see them, not "No image".
    expect(screen.getByRole('img', { name: 'Initials of Arjun Mehta' })).toHaveTextContent('AM');
    expect(screen.queryByText('No image')).not.toBeInTheDocument();
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Experience is required')).toBeInTheDocument();
    expect(screen.getByText('Bio is required')).toBeInTheDocument();

    await user.type(name, 'Arjun M.');
    await user.type(screen.getByLabelText('Experience (years)'), '9');
    await user.type(screen.getByLabelText('Bio'), 'Breaks web apps for a living.');
    await user.click(screen.getByRole('switch'));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    // The spec's '✅' is drawn as an icon; the words after it stay exact.
    const saved = await screen.findAllByText('Profile updated successfully!');
    expect(saved.length).toBeGreaterThan(0);
    expect(saved[0].parentElement!.querySelector('[data-testid="check-icon"] svg')).not.toBeNull();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Arjun M.',
      codeName: null,
      specialization: 'pentesting',
      experience: 9,
      bio: 'Breaks web apps for a living.',
      published: false,
      headline: null,
      languages: [],
      skills: [],
      links: {},
    });
  });

  it('saves a headline, languages, skills and links, refusing an http link with a message naming the site', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('shark@example.com', ['shark']) },
      'GET /api/workspace/profile': { status: 200, body: PROFILE },
      'GET /api/workspace/courses': { status: 200, body: [] },
      'PUT /api/workspace/profile': ({ body }) => ({
        status: 200,
        body: { message: '✅ Profile updated successfully!', profile: { ...PROFILE, ...(body as object) } },
      }),
    });
    const user = userEvent.setup();
    renderScreen(routes, '/shark/edit-profile');
    await user.type(await screen.findByLabelText('Headline (optional)'), 'Principal Consultant at Razorpay');
    await user.type(screen.getByLabelText('Languages (optional)'), 'English, Hindi');
    await user.type(screen.getByLabelText('Skills (optional)'), 'Burp Suite, OSCP, burp suite');
    const linkedin = screen.getByLabelText('LinkedIn');
    await user.type(linkedin, 'http://www.linkedin.com/in/arjun');
    await user.type(screen.getByLabelText('GitHub'), 'github.com/arjun/');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('LinkedIn link must start with https://')).toBeInTheDocument();
    expect(linkedin).toHaveAccessibleDescription('LinkedIn link must start with https://');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(linkedin);
    await user.type(linkedin, 'https://www.linkedin.com/in/arjun?trk=x');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findAllByText('Profile updated successfully!');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      headline: 'Principal Consultant at Razorpay',
      languages: ['English', 'Hindi'],
      skills: ['Burp Suite', 'OSCP'],
      links: { linkedin: 'https://www.linkedin.com/in/arjun', github: 'https://github.com/arjun' },
    });
  });

  it('disables the published toggle while an admin keeps the profile unpublished, and says why', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('shark@example.com', ['shark']) },
      'GET /api/workspace/profile': {
        status: 200,
        body: { ...PROFILE, published: false, adminUnpublishReason: 'Bio links to an exam dump.' },
      },
      'GET /api/workspace/courses': { status: 200, body: [] },
      'PUT /api/workspace/profile': ({ body }) => ({
        status: 200,
        body: { message: '✅ Profile updated successfully!', profile: { ...PROFILE, ...(body as object) } },
      }),
    });
    const user = userEvent.setup();
    renderScreen(routes, '/shark/edit-profile');
    const toggle = await screen.findByRole('switch');
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(
      `${WORKSPACE_MSG.unpublishedByAdmin} ${WORKSPACE_MSG.unpublishedByAdminReason} Bio links to an exam dump.`,
    );
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    // The rest of the profile still saves, unpublished.
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect((await screen.findAllByText('Profile updated successfully!')).length).toBeGreaterThan(0);
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ published: false });
  });

  it('chooses how sessions get a meeting room: the fixed link is checked first and refused by the server beside its field', async () => {
    let puts = 0;
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('shark@example.com', ['shark']) },
      'GET /api/workspace/profile': { status: 200, body: PROFILE },
      'GET /api/workspace/courses': { status: 200, body: [] },
      'GET /api/workspace/meeting-room': {
        status: 200,
        body: { kind: 'manual', link: null, jitsiServer: 'https://meet.jit.si' },
      },
      'PUT /api/workspace/meeting-room': ({ body }) => {
        const b = body as { kind: 'fixed' | 'jitsi'; link: string | null };
        return ++puts === 1
          ? {
              status: 400,
              body: {
                error: {
                  code: 'validation',
                  message: MEETING_ROOM_MSG.linkInvalid,
                  fields: { link: MEETING_ROOM_MSG.linkInvalid },
                },
              },
            }
          : {
              status: 200,
              body: { message: MEETING_ROOM_MSG.saved, room: { ...b, jitsiServer: 'https://meet.jit.si' } },
            };
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/shark/edit-profile');
    const section = await screen.findByRole('region', { name: MEETING_ROOM_MSG.title });
    expect(await within(section).findByRole('radio', { name: MEETING_ROOM_MSG.manual })).toBeChecked();
    expect(within(section).queryByLabelText(MEETING_ROOM_MSG.linkLabel)).toBeNull();

    await user.click(within(section).getByRole('radio', { name: MEETING_ROOM_MSG.fixed }));
    const save = within(section).getByRole('button', { name: 'Save meeting rooms' });
    await user.click(save);
    expect(await within(section).findByText(MEETING_ROOM_MSG.linkRequired)).toBeInTheDocument();
    await user.type(within(section).getByLabelText(MEETING_ROOM_MSG.linkLabel), 'http://zoom.us/j/1');
    await user.click(save);
    expect(await within(section).findByText(MEETING_ROOM_MSG.linkInvalid)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    // A link the browser lets through but the server refuses: its message beside the field.
    await user.clear(within(section).getByLabelText(MEETING_ROOM_MSG.linkLabel));
    await user.type(within(section).getByLabelText(MEETING_ROOM_MSG.linkLabel), 'https://zoom.us/j/1');
    await user.click(save);
    expect(await within(section).findByText(MEETING_ROOM_MSG.linkInvalid)).toBeInTheDocument();
    expect(within(section).getByLabelText(MEETING_ROOM_MSG.linkLabel)).toHaveAccessibleDescription(
      MEETING_ROOM_MSG.linkInvalid,
    );

    await user.click(within(section).getByRole('radio', { name: MEETING_ROOM_MSG.jitsi }));
    expect(within(section).getByText(MEETING_ROOM_MSG.jitsiNote('https://meet.jit.si'))).toBeInTheDocument();
    await user.click(save);
    expect(await within(section).findByText(MEETING_ROOM_MSG.saved)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({ kind: 'jitsi', link: null });
  });
});
