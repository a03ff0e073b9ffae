import { rm } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import {
  createAccount,
  createBooking,
  createCourse,
  createShark,
  sessionCookie,
} from '#server/test/fixtures.ts';
import { courseBookings, reviews, sharks } from '#server/db/schema.ts';
import { listFiles, makeImage, multipart } from '#server/test/uploads.ts';
import { WORKSPACE_MSG } from '#shared/workspace.ts';

let app: FastifyInstance;
let storageRoot: string;
beforeAll(async () => {
  // Uploads are rate limited per minute; this file makes many from one address.
  app = await createTestApp({ RATE_LIMIT_SCALE: '50', APP_TIMEZONE: 'Asia/Kolkata' });
  storageRoot = path.resolve(app.config.DATA_DIR, 'storage');
});
afterAll(() => app.close());
beforeEach(async () => {
  await resetDb();
  await rm(storageRoot, { recursive: true, force: true });
});

const validProfile = {
  name: 'Meera Iyer',
  codeName: 'Hammerhead',
  specialization: 'red_teaming',
  experience: 7,
  bio: 'Adversary emulation and purple teaming.',
  published: true,
};

/** A shark account with its sharks row and a session. */
async function sharkWithSession(opts: { published?: boolean } = {}) {
  const { db } = await testDatabase();
  const shark = await createShark(db, { name: 'Owner Shark', published: opts.published ?? true });
  return { shark, cookie: await sessionCookie(db, shark.userId) };
}
async function cookieFor(roles: ('user' | 'freelancer' | 'admin' | 'shark')[]) {
  const { db } = await testDatabase();
  const account = await createAccount(db, { roles });
  return { account, cookie: await sessionCookie(db, account.id) };
}
const rowOf = async (id: string) => {
  const { db } = await testDatabase();
  const [row] = await db.select().from(sharks).where(eq(sharks.id, id));
  return row;
};

describe('GET/PUT /api/workspace/profile', () => {
  it('reads and updates the shark\'s own profile with "✅ Profile updated successfully!"', async () => {
    const { shark, cookie } = await sharkWithSession({ published: false });
    const read = await app.inject({ method: 'GET', url: '/api/workspace/profile', headers: { cookie } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      id: shark.id,
      userId: shark.userId,
      name: 'Owner Shark',
      published: false,
    });

    const res = await app.inject({
      method: 'PUT',
      url: '/api/workspace/profile',
      headers: { cookie },
      payload: { ...validProfile, codeName: '  ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('✅ Profile updated successfully!');
    expect(res.json().profile).toMatchObject({
      id: shark.id,
      name: 'Meera Iyer',
      codeName: null,
      specialization: 'red_teaming',
      experience: 7,
      published: true,
    });
    expect(await rowOf(shark.id)).toMatchObject({
      name: 'Meera Iyer',
      codeName: null,
      experience: 7,
      bio: 'Adversary emulation and purple teaming.',
      published: true,
    });
  });

  it('creates the sharks row on first save for a shark account that has none (upsert on user_id)', async () => {
    const { db } = await testDatabase();
    const account = await createAccount(db, { roles: ['shark'], name: 'Fresh Shark' });
    const cookie = await sessionCookie(db, account.id);
    const draft = await app.inject({ method: 'GET', url: '/api/workspace/profile', headers: { cookie } });
    expect(draft.json()).toMatchObject({
      id: null,
      name: 'Fresh Shark',
      email: account.email,
      specialization: null,
      published: false,
    });
    const first = await app.inject({
      method: 'PUT',
      url: '/api/workspace/profile',
      headers: { cookie },
      payload: validProfile,
    });
    expect(first.statusCode).toBe(200);
    const second = await app.inject({
      method: 'PUT',
      url: '/api/workspace/profile',
      headers: { cookie },
      payload: { ...validProfile, experience: '9' },
    });
    expect(second.json().profile.experience).toBe(9);
    const rows = await db.select().from(sharks).where(eq(sharks.userId, account.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(first.json().profile.id);
  });

  it('answers each missing or bad field with its message and changes nothing', async () => {
    const { shark, cookie } = await sharkWithSession();
    const before = await rowOf(shark.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, 'name', 'Name is required'],
      [{ name: undefined }, 'name', 'Name is required'],
      [{ specialization: undefined }, 'specialization', 'Specialization is required'],
      [{ specialization: 'hacking' }, 'specialization', 'Specialization is required'],
      [{ experience: '' }, 'experience', 'Experience is required'],
      [{ experience: 'ten' }, 'experience', 'Experience must be a number'],
      [{ experience: 2.5 }, 'experience', 'Experience must be a whole number of years'],
      [{ experience: -1 }, 'experience', 'Experience must be between 0 and 80 years'],
      [{ bio: '' }, 'bio', 'Bio is required'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/workspace/profile',
        headers: { cookie },
        payload: { ...validProfile, ...patch },
      });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error.fields[field], JSON.stringify(patch)).toBe(message);
    }
    expect(await rowOf(shark.id)).toEqual(before);
  });

  it('lets an admin read and edit the shark named by ?sharkId=, which is required', async () => {
    const { shark } = await sharkWithSession();
    const { cookie } = await cookieFor(['admin']);
    const missing = await app.inject({ method: 'GET', url: '/api/workspace/profile', headers: { cookie } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.sharkId).toBe('Choose a shark to act for');
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/workspace/profile?sharkId=00000000-0000-4000-8000-000000000000',
      headers: { cookie },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Shark not found');
    const res = await app.inject({
      method: 'PUT',
      url: `/api/workspace/profile?sharkId=${shark.id}`,
      headers: { cookie },
      payload: validProfile,
    });
    expect(res.statusCode).toBe(200);
    expect((await rowOf(shark.id)).name).toBe('Meera Iyer');
  });

  it('refuses a visitor (401), a learner, a freelancer and another shark naming this one (403), changing nothing', async () => {
    const { shark } = await sharkWithSession();
    const before = await rowOf(shark.id);
    const other = await sharkWithSession();
    const callers = [
      { cookie: undefined, status: 401 },
      { cookie: (await cookieFor(['user'])).cookie, status: 403 },
      { cookie: (await cookieFor(['freelancer', 'user'])).cookie, status: 403 },
      { cookie: other.cookie, status: 403 },
    ];
    for (const { cookie, status } of callers) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      const get = await app.inject({
        method: 'GET',
        url: `/api/workspace/profile?sharkId=${shark.id}`,
        headers,
      });
      expect(get.statusCode).toBe(status);
      const put = await app.inject({
        method: 'PUT',
        url: `/api/workspace/profile?sharkId=${shark.id}`,
        headers,
        payload: { ...validProfile, name: 'Hijacked' },
      });
      expect(put.statusCode).toBe(status);
      const photo = await app.inject({
        method: 'POST',
        url: `/api/workspace/profile/photo?sharkId=${shark.id}`,
        ...withHeaders(multipart('photo', 'p.png', 'image/png', await makeImage('png')), headers),
      });
      expect(photo.statusCode).toBe(status);
    }
    expect(await rowOf(shark.id)).toEqual(before);
    expect(await listFiles(storageRoot)).toEqual([]);
    // The other shark's own profile is untouched too: a refused call is not redirected to the caller's row.
    expect((await rowOf(other.shark.id)).name).toBe('Owner Shark');
  });

  it('the published flag hides and shows the shark in /sharks and at /sharks/:id', async () => {
    const { shark, cookie } = await sharkWithSession();
    const listed = async () =>
      (await app.inject({ method: 'GET', url: '/api/sharks' })).json().items.map((s: { id: string }) => s.id);
    expect(await listed()).toContain(shark.id);
    await app.inject({
      method: 'PUT',
      url: '/api/workspace/profile',
      headers: { cookie },
      payload: { ...validProfile, published: false },
    });
    expect(await listed()).not.toContain(shark.id);
    expect((await app.inject({ method: 'GET', url: `/api/sharks/${shark.id}` })).statusCode).toBe(404);
    await app.inject({
      method: 'PUT',
      url: '/api/workspace/profile',
      headers: { cookie },
      payload: { ...validProfile, published: true },
    });
    expect(await listed()).toContain(shark.id);
    expect((await app.inject({ method: 'GET', url: `/api/sharks/${shark.id}` })).json().name).toBe(
      'Meera Iyer',
    );
  });
});

function withHeaders(
  body: { payload: Buffer; headers: Record<string, string> },
  extra: Record<string, string>,
) {
  return { payload: body.payload, headers: { ...body.headers, ...extra } };
}

describe("an admin's unpublish sticks", () => {
  // Issue 21, finding 2: the shark used to publish again at once with the workspace toggle.
  it('refuses the shark publishing again with 409 on `published`, shows why, and lifts when an admin republishes', async () => {
    const { shark, cookie } = await sharkWithSession();
    const admin = await cookieFor(['admin']);
    const publication = (published: boolean, reason: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/admin/sharks/${shark.id}/publication`,
        headers: { cookie: admin.cookie },
        payload: { published, reason },
      });
    const save = (published: boolean, as = cookie, query = '') =>
      app.inject({
        method: 'PUT',
        url: `/api/workspace/profile${query}`,
        headers: { cookie: as },
        payload: { ...validProfile, published },
      });
    const isPublic = async () =>
      (await app.inject({ method: 'GET', url: `/api/sharks/${shark.id}` })).statusCode === 200;

    expect((await publication(false, 'policy')).statusCode).toBe(200);
    expect(await isPublic()).toBe(false);
    const refused = await save(true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(WORKSPACE_MSG.unpublishedByAdmin);
    expect(refused.json().error.fields).toEqual({ published: WORKSPACE_MSG.unpublishedByAdmin });
    expect(await isPublic()).toBe(false);
    // Nor through the workspace of an admin acting for the shark: republishing is the console's audited action.
    expect((await save(true, admin.cookie, `?sharkId=${shark.id}`)).statusCode).toBe(409);
    expect((await rowOf(shark.id)).published).toBe(false);

    // The form reads why, and the shark may still edit the rest of the profile while it stays hidden.
    const profile = await app.inject({ method: 'GET', url: '/api/workspace/profile', headers: { cookie } });
    expect(profile.json()).toMatchObject({ published: false, adminUnpublishReason: 'policy' });
    const edited = await save(false);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().profile).toMatchObject({ published: false, adminUnpublishReason: 'policy' });

    expect((await publication(true, 'fixed')).statusCode).toBe(200);
    expect(await isPublic()).toBe(true);
    const after = await app.inject({ method: 'GET', url: '/api/workspace/profile', headers: { cookie } });
    expect(after.json().adminUnpublishReason).toBeNull();
    // Once an admin republished, the shark's own toggle works both ways again.
    expect((await save(false)).statusCode).toBe(200);
    expect((await save(true)).statusCode).toBe(200);
    expect(await isPublic()).toBe(true);
  });
});

describe('POST /api/workspace/profile/photo', () => {
  const upload = (cookie: string, fileName: string, contentType: string, body: Buffer, query = '') =>
    app.inject({
      method: 'POST',
      url: `/api/workspace/profile/photo${query}`,
      ...withHeaders(multipart('photo', fileName, contentType, body), { cookie }),
    });

  it('stores the re-encoded photo at avatars/sharks/{userId}/profile.{ext}, EXIF stripped, served as an image', async () => {
    const { shark, cookie } = await sharkWithSession();
    const jpeg = await makeImage('jpeg', { exif: true, width: 2000, height: 1000 });
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const res = await upload(cookie, 'me.jpg', 'image/jpeg', jpeg);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('✅ Profile updated successfully!');
    const photoUrl: string = res.json().profile.photoUrl;
    expect(photoUrl).toMatch(new RegExp(`^/media/avatars/sharks/${shark.userId}/profile\\.jpg\\?v=\\d+$`));
    expect((await rowOf(shark.id)).photoUrl).toBe(photoUrl);
    expect(await listFiles(storageRoot)).toEqual([`avatars/sharks/${shark.userId}/profile.jpg`]);

    const served = await app.inject({ method: 'GET', url: photoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=3600');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Secret Photographer'))).toBe(false);
    expect(Math.max(meta.width, meta.height)).toBe(800); // bounded for a profile photo
  });

  it('replaces the old photo: a new format leaves only the new file', async () => {
    const { shark, cookie } = await sharkWithSession();
    await upload(cookie, 'a.jpg', 'image/jpeg', await makeImage('jpeg'));
    const res = await upload(cookie, 'b.webp', 'image/webp', await makeImage('webp'));
    expect(res.statusCode).toBe(200);
    expect(await listFiles(storageRoot)).toEqual([`avatars/sharks/${shark.userId}/profile.webp`]);
    const served = await app.inject({ method: 'GET', url: res.json().profile.photoUrl });
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('refuses anything but a real JPEG/PNG/WebP up to 5 MB with "Image upload failed." and the reason, writing nothing', async () => {
    const { shark, cookie } = await sharkWithSession();
    await upload(cookie, 'ok.png', 'image/png', await makeImage('png'));
    const before = await rowOf(shark.id);
    const filesBefore = await listFiles(storageRoot);
    const big = Buffer.concat([await makeImage('png'), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const cases: [string, string, Buffer, string][] = [
      ['../../x.png', 'image/png', await makeImage('png'), 'The file name is not allowed.'],
      [
        'x.svg',
        'image/svg+xml',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'),
        'The file name is not allowed.',
      ],
      [
        'logo.png',
        'image/png',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        'The file is not a JPEG, PNG or WebP image.',
      ],
      [
        'shell.png',
        'image/png',
        Buffer.from('<?php system($_GET["cmd"]); ?>'),
        'The file is not a JPEG, PNG or WebP image.',
      ],
      ['notes.png', 'image/png', Buffer.from('just some text'), 'The file is not a JPEG, PNG or WebP image.'],
      [
        'anim.png',
        'image/gif',
        Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
        'The file is not a JPEG, PNG or WebP image.',
      ],
      ['broken.png', 'image/png', (await makeImage('png')).subarray(0, 40), 'The image could not be read.'],
      ['huge.png', 'image/png', big, 'The image is larger than 5 MB.'],
      ['empty.png', 'image/png', Buffer.alloc(0), 'Choose an image file to upload.'],
    ];
    for (const [name, type, body, reason] of cases) {
      const res = await upload(cookie, name, type, body);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.message, name).toBe(`Image upload failed. ${reason}`);
      expect(res.json().error.fields.photo, name).toBe(reason);
    }
    const notMultipart = await app.inject({
      method: 'POST',
      url: '/api/workspace/profile/photo',
      headers: { cookie },
      payload: { photo: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().error.message).toBe('Image upload failed. Choose an image file to upload.');
    expect(await rowOf(shark.id)).toEqual(before);
    expect(await listFiles(storageRoot)).toEqual(filesBefore);
  });

  it('asks a shark without a profile to save it first, writing nothing', async () => {
    const { cookie } = await cookieFor(['shark']);
    const res = await upload(cookie, 'p.png', 'image/png', await makeImage('png'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Image upload failed. Save your profile first.');
    expect(await listFiles(storageRoot)).toEqual([]);
  });

  it("lets an admin upload for the shark named by ?sharkId=, under that shark's user id", async () => {
    const { shark } = await sharkWithSession();
    const { cookie } = await cookieFor(['admin']);
    const res = await upload(cookie, 'p.png', 'image/png', await makeImage('png'), `?sharkId=${shark.id}`);
    expect(res.statusCode).toBe(200);
    expect(await listFiles(storageRoot)).toEqual([`avatars/sharks/${shark.userId}/profile.png`]);
  });
});

describe('GET /api/workspace/dashboard', () => {
  /** The calendar date in Asia/Kolkata, shifted by whole days. */
  const kolkataDate = (offsetDays: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(
      new Date(Date.now() + offsetDays * 86_400_000),
    );

  it('counts confirmed future sessions as upcoming, completed ones as completed, and the rest apart; money only from the ledger', async () => {
    const { db } = await testDatabase();
    const { shark, cookie } = await sharkWithSession();
    const course = await createCourse(db, shark.id, { title: 'Red Team Ops', pricePaise: 150_000 });
    const learner = await createAccount(db, { roles: ['user'] });
    const book = (
      days: number,
      hours: number,
      status: 'requested' | 'confirmed' | 'cancelled' | 'completed',
    ) =>
      createBooking(db, {
        courseId: course.id,
        userId: learner.id,
        preferredDate: kolkataDate(days),
        hours,
        pricePaise: 150_000,
        status,
      });
    await book(1, 2, 'confirmed');
    await book(3, 1, 'confirmed');
    const past = await book(-1, 3, 'completed');
    await book(-3, 1, 'completed');
    await book(5, 1, 'requested');
    const cancelled = await book(6, 1, 'cancelled');
    await db.update(courseBookings).set({ cancelledBy: 'shark' }).where(eq(courseBookings.id, cancelled.id));
    await book(7, 1, 'cancelled'); // by the learner: not counted against the shark
    // Another shark's bookings never count.
    const other = await createShark(db);
    const otherCourse = await createCourse(db, other.id, { pricePaise: 999_900 });
    await createBooking(db, {
      courseId: otherCourse.id,
      userId: learner.id,
      preferredDate: kolkataDate(1),
      pricePaise: 999_900,
      status: 'completed',
    });
    await db.insert(reviews).values({
      bookingId: past.id,
      sharkId: shark.id,
      userId: learner.id,
      rating: 4,
      knowledge: 4,
      preparation: 4,
      clarity: 4,
      body: 'Useful session with a clear plan afterwards.',
    });

    const res = await app.inject({ method: 'GET', url: '/api/workspace/dashboard', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      upcomingSessions: 2,
      completedSessions: 2,
      // Sessions written without a payment move no money: earnings come from the ledger alone (paid
      // sessions' figures are asserted in payments.test.ts).
      earningsPaise: 0,
      bookedNotHeldPaise: 0,
      awaitingAnswer: 1,
      sharkCancellations: 1,
      avgRating: 4,
      reviewCount: 1,
      courseCount: 1,
      today: kolkataDate(0),
    });
    expect(res.json().nextSessions).toEqual([
      {
        id: expect.any(String),
        courseId: course.id,
        courseTitle: 'Red Team Ops',
        learnerName: 'Learner',
        preferredDate: kolkataDate(1),
        preferredTime: '10:00',
        hours: 2,
        startsAt: expect.any(String),
        status: 'confirmed',
      },
      expect.objectContaining({ preferredDate: kolkataDate(3), hours: 1, status: 'confirmed' }),
      expect.objectContaining({ preferredDate: kolkataDate(5), status: 'requested' }),
    ]);
  });

  it('shows zeros and no rating for a shark with nothing booked, or without a profile yet', async () => {
    const { cookie } = await sharkWithSession();
    const res = await app.inject({ method: 'GET', url: '/api/workspace/dashboard', headers: { cookie } });
    expect(res.json()).toMatchObject({
      upcomingSessions: 0,
      completedSessions: 0,
      earningsPaise: 0,
      avgRating: null,
      nextSessions: [],
    });
    const fresh = await cookieFor(['shark']);
    const empty = await app.inject({
      method: 'GET',
      url: '/api/workspace/dashboard',
      headers: { cookie: fresh.cookie },
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({
      sharkName: null,
      upcomingSessions: 0,
      earningsPaise: 0,
      avgRating: null,
    });
  });

  it('refuses a visitor (401), a learner and a freelancer (403)', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/workspace/dashboard' })).statusCode).toBe(401);
    for (const roles of [['user'], ['freelancer', 'user']] as const) {
      const { cookie } = await cookieFor([...roles]);
      expect(
        (await app.inject({ method: 'GET', url: '/api/workspace/dashboard', headers: { cookie } }))
          .statusCode,
      ).toBe(403);
    }
  });
});

describe('GET /api/workspace/enrollments', () => {
  it("lists each course's students newest first with name, hours, date and time (no email or phone, issue 43) and the course total", async () => {
    const { db } = await testDatabase();
    const { shark, cookie } = await sharkWithSession();
    const recon = await createCourse(db, shark.id, { title: 'Recon', pricePaise: 100_000 });
    const empty = await createCourse(db, shark.id, { title: 'Not booked yet', pricePaise: 50_000 });
    const learner = await createAccount(db, { roles: ['user'] });
    const older = await createBooking(db, {
      courseId: recon.id,
      userId: learner.id,
      preferredDate: '2030-01-05',
      hours: 2,
    });
    const newer = await createBooking(db, {
      courseId: recon.id,
      userId: learner.id,
      preferredDate: '2030-01-01',
      hours: 3,
    });
    await db
      .update(courseBookings)
      .set({ createdAt: sql`now() - interval '1 day'` })
      .where(eq(courseBookings.id, older.id));
    const other = await createShark(db);
    await createBooking(db, {
      courseId: (await createCourse(db, other.id)).id,
      userId: learner.id,
      preferredDate: '2030-01-01',
    });

    const res = await app.inject({ method: 'GET', url: '/api/workspace/enrollments', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.courses.map((c: { title: string }) => c.title)).toEqual(['Recon', 'Not booked yet']);
    // Neither session is held yet: the course has bookings and has earned nothing (decision 208).
    expect(body.courses[0]).toMatchObject({
      courseId: recon.id,
      bookingCount: 2,
      heldCount: 0,
      heldNetPaise: 0,
    });
    expect(body.courses[0].students).toEqual([
      {
        id: newer.id,
        name: 'Learner',
        hours: 3,
        preferredDate: '2030-01-01',
        preferredTime: '10:00',
        totalPricePaise: 300_000,
        createdAt: expect.any(String),
        startsAt: '2030-01-01T04:30:00.000Z',
        endsAt: '2030-01-01T07:30:00.000Z',
        status: 'confirmed',
        upcoming: true,
        needsAction: false,
        // A confirmed session has no answer to wait for (issue 43: a request's deadline).
        answerBy: null,
      },
      expect.objectContaining({
        id: older.id,
        hours: 2,
        preferredDate: '2030-01-05',
        totalPricePaise: 200_000,
      }),
    ]);
    expect(body.courses[1]).toMatchObject({
      courseId: empty.id,
      bookingCount: 0,
      heldCount: 0,
      heldNetPaise: 0,
      students: [],
    });
  });

  it('shows an admin the enrollments of ?sharkId= and refuses other callers', async () => {
    const { db } = await testDatabase();
    const { shark } = await sharkWithSession();
    await createCourse(db, shark.id, { title: 'Cloud IR' });
    const admin = await cookieFor(['admin']);
    const res = await app.inject({
      method: 'GET',
      url: `/api/workspace/enrollments?sharkId=${shark.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(res.json().courses[0].title).toBe('Cloud IR');
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/workspace/enrollments',
          headers: { cookie: admin.cookie },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await app.inject({ method: 'GET', url: `/api/workspace/enrollments?sharkId=${shark.id}` })).statusCode,
    ).toBe(401);
    const other = await sharkWithSession();
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/workspace/enrollments?sharkId=${shark.id}`,
          headers: { cookie: other.cookie },
        })
      ).statusCode,
    ).toBe(403);
    const mine = await app.inject({
      method: 'GET',
      url: '/api/workspace/enrollments',
      headers: { cookie: other.cookie },
    });
    expect(mine.json().courses).toEqual([]);
    for (const roles of [['user'], ['freelancer', 'user']] as const) {
      const { cookie } = await cookieFor([...roles]);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: `/api/workspace/enrollments?sharkId=${shark.id}`,
            headers: { cookie },
          })
        ).statusCode,
      ).toBe(403);
    }
  });
});
