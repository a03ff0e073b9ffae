import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
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
import { courses } from '#server/db/schema.ts';
import { COURSE_MSG } from '#shared/courses.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { listFiles, makeImage, multipart } from '#server/test/uploads.ts';
import { generateCourseCode } from './service';

let app: FastifyInstance;
let storageRoot: string;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '50' });
  storageRoot = path.resolve(app.config.DATA_DIR, 'storage');
});
afterAll(() => app.close());
beforeEach(async () => {
  await resetDb();
  await rm(storageRoot, { recursive: true, force: true });
});

const validCourse = {
  title: 'Web App Pentesting',
  description: 'OWASP Top 10 hands-on.',
  duration: 6,
  pricePaise: 150_000,
  courseCode: '',
  enrollmentFormUrl: '',
  requiredDevices: '',
  requiredKnowledge: '',
};

async function sharkWithSession() {
  const { db } = await testDatabase();
  const shark = await createShark(db, { name: 'Course Owner' });
  return { shark, cookie: await sessionCookie(db, shark.userId) };
}
async function cookieFor(roles: ('user' | 'freelancer' | 'admin' | 'shark')[]) {
  const { db } = await testDatabase();
  const account = await createAccount(db, { roles });
  return await sessionCookie(db, account.id);
}
const courseRow = async (id: string) => {
  const { db } = await testDatabase();
  const [row] = await db.select().from(courses).where(eq(courses.id, id));
  return row;
};
const create = (cookie: string, body: Record<string, unknown>, query = '') =>
  app.inject({ method: 'POST', url: `/api/workspace/courses${query}`, headers: { cookie }, payload: body });
const uploadImage = (
  cookie: string | undefined,
  id: string,
  fileName: string,
  type: string,
  body: Buffer,
  query = '',
) => {
  const form = multipart('image', fileName, type, body);
  return app.inject({
    method: 'POST',
    url: `/api/workspace/courses/${id}/image${query}`,
    payload: form.payload,
    headers: { ...form.headers, ...(cookie ? { cookie } : {}) },
  });
};

describe('owner course CRUD', () => {
  it('creates a course with the spec defaults and a generated CRS- code, and lists it with its enrolled count', async () => {
    const { shark, cookie } = await sharkWithSession();
    const res = await create(cookie, validCourse);
    expect(res.statusCode).toBe(201);
    const course = res.json().course;
    expect(course).toMatchObject({
      sharkId: shark.id,
      title: 'Web App Pentesting',
      duration: 6,
      pricePaise: 150_000,
      enrollmentFormUrl: null,
      requiredDevices: 'Laptop + Internet',
      requiredKnowledge: 'Basic Skills',
      image: null,
      enrolledCount: 0,
    });
    expect(course.courseCode).toMatch(/^CRS-[A-Z0-9]{6}$/);

    const { db } = await testDatabase();
    const learner = await createAccount(db, { roles: ['user'] });
    await createBooking(db, { courseId: course.id, userId: learner.id, preferredDate: '2030-01-01' });
    await createBooking(db, { courseId: course.id, userId: learner.id, preferredDate: '2030-01-02' });
    const list = await app.inject({ method: 'GET', url: '/api/workspace/courses', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: course.id, bookingCount: 2, enrolledCount: 1 }),
    ]);
  });

  it('generates codes of 6 random capitals/digits that differ', () => {
    const codes = new Set(Array.from({ length: 200 }, generateCourseCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^CRS-[A-Z0-9]{6}$/);
  });

  it('keeps a given code (upper-cased) and refuses a malformed or taken one', async () => {
    const { cookie } = await sharkWithSession();
    const mine = await create(cookie, { ...validCourse, courseCode: 'crs-ab12cd' });
    expect(mine.json().course.courseCode).toBe('CRS-AB12CD');
    const bad = await create(cookie, { ...validCourse, courseCode: 'COURSE-1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.courseCode).toBe(
      'Course code must look like CRS-XXXXXX (6 capital letters or digits)',
    );
    const other = await sharkWithSession();
    const taken = await create(other.cookie, { ...validCourse, courseCode: 'CRS-AB12CD' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Failed to save course. This course code is already in use.');
    expect(taken.json().error.fields.courseCode).toBe('This course code is already in use.');
  });

  it('answers each missing or bad field with its message and saves nothing', async () => {
    const { cookie } = await sharkWithSession();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: ' ' }, 'title', 'Title is required'],
      [{ description: '' }, 'description', 'Description is required'],
      [{ duration: '' }, 'duration', 'Duration is required'],
      [{ duration: 'six' }, 'duration', 'Duration must be a number'],
      [{ duration: 0 }, 'duration', 'Duration must be more than 0 hours'],
      [{ pricePaise: undefined }, 'pricePaise', 'Price is required'],
      [{ pricePaise: 'free' }, 'pricePaise', 'Price must be a number'],
      [{ pricePaise: -500 }, 'pricePaise', 'Price cannot be negative'],
      [{ pricePaise: 100_000_001 }, 'pricePaise', COURSE_MSG.priceTooHigh],
      // Issue 21, finding 12: no silent coercion or rounding. The API takes whole paise as a JSON number.
      [{ pricePaise: 0.1 }, 'pricePaise', COURSE_MSG.priceStep],
      [{ pricePaise: '1500' }, 'pricePaise', 'Price must be a number'],
      [{ pricePaise: '0x10' }, 'pricePaise', 'Price must be a number'],
      [{ pricePaise: true }, 'pricePaise', 'Price must be a number'],
      [{ pricePaise: 'Infinity' }, 'pricePaise', 'Price must be a number'],
      [{ duration: '0x10' }, 'duration', 'Duration must be a number'],
      [{ duration: false }, 'duration', 'Duration must be a number'],
      [{ cancellationHours: '0x18' }, 'cancellationHours', COURSE_MSG.cancellationInvalid],
      [{ lateCancellationRefund: 25 }, 'lateCancellationRefund', COURSE_MSG.lateRefundInvalid],
      [{ lateCancellationRefund: '100' }, 'lateCancellationRefund', COURSE_MSG.lateRefundInvalid],
      [{ lateCancellationRefund: 'half' }, 'lateCancellationRefund', COURSE_MSG.lateRefundInvalid],
      [
        { enrollmentFormUrl: 'not a link' },
        'enrollmentFormUrl',
        'Enrollment form link must be a valid URL (http or https)',
      ],
      [
        { enrollmentFormUrl: 'javascript:alert(1)' },
        'enrollmentFormUrl',
        'Enrollment form link must be a valid URL (http or https)',
      ],
    ];
    for (const [patch, field, message] of cases) {
      const res = await create(cookie, { ...validCourse, ...patch });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error.fields[field], JSON.stringify(patch)).toBe(message);
    }
    const free = await create(cookie, {
      ...validCourse,
      pricePaise: 0,
      duration: '1.5',
      enrollmentFormUrl: 'https://forms.example.com/x',
    });
    expect(free.statusCode).toBe(201);
    expect(free.json().course).toMatchObject({
      pricePaise: 0,
      duration: 1.5,
      enrollmentFormUrl: 'https://forms.example.com/x',
    });
    const { db } = await testDatabase();
    expect(await db.select().from(courses)).toHaveLength(1);
  });

  it('refuses a price finer than a paisa instead of rounding it, and keeps rupees and paise exact (issue 38, finding 7; decision 210)', async () => {
    const { cookie } = await sharkWithSession();
    for (const pricePaise of [1e-7, 1000.1, 0.5]) {
      const res = await create(cookie, { ...validCourse, pricePaise });
      expect(res.statusCode, String(pricePaise)).toBe(400);
      expect(res.json().error.fields, String(pricePaise)).toEqual({ pricePaise: COURSE_MSG.priceStep });
    }
    const { db } = await testDatabase();
    expect(await db.select().from(courses)).toHaveLength(0);

    // ₹1,500, ₹1,500.50, ₹0.01 and the most, ₹10,00,000: stored and answered as the same whole paise.
    for (const pricePaise of [150_000, 150_050, 1, 100_000_000]) {
      const res = await create(cookie, { ...validCourse, pricePaise });
      expect(res.statusCode, String(pricePaise)).toBe(201);
      expect(res.json().course.pricePaise).toBe(pricePaise);
      expect((await courseRow(res.json().course.id)).pricePaise).toBe(pricePaise);
    }
  });

  it('updates its own course, keeping the code when the field is left empty', async () => {
    const { cookie } = await sharkWithSession();
    const created = (await create(cookie, { ...validCourse, requiredDevices: 'Kali VM' })).json().course;
    const res = await app.inject({
      method: 'PUT',
      url: `/api/workspace/courses/${created.id}`,
      headers: { cookie },
      payload: { ...validCourse, title: 'Advanced Web Pentesting', pricePaise: 250_000, requiredDevices: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().course).toMatchObject({
      title: 'Advanced Web Pentesting',
      pricePaise: 250_000,
      courseCode: created.courseCode,
      requiredDevices: 'Laptop + Internet',
    });
    expect(await courseRow(created.id)).toMatchObject({
      title: 'Advanced Web Pentesting',
      pricePaise: 250_000,
    });
  });

  it('deletes its own course and its image file', async () => {
    const { cookie } = await sharkWithSession();
    const created = (await create(cookie, validCourse)).json().course;
    await uploadImage(cookie, created.id, 'c.png', 'image/png', await makeImage('png'));
    expect(await listFiles(storageRoot)).toHaveLength(1);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/workspace/courses/${created.id}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(await courseRow(created.id)).toBeUndefined();
    expect(await listFiles(storageRoot)).toEqual([]);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/workspace/courses/${created.id}`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses to delete a course with bookings (409, archive it instead); archiving hides it from new bookings', async () => {
    const { db } = await testDatabase();
    const { shark, cookie } = await sharkWithSession();
    const course = await createCourse(db, shark.id);
    const learner = await createAccount(db, { roles: ['user'] });
    await createBooking(db, { courseId: course.id, userId: learner.id, preferredDate: '2030-01-01' });
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/workspace/courses/${course.id}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(SESSION_MSG.courseHasBookings);
    expect(await courseRow(course.id)).toBeDefined();

    const archived = await app.inject({
      method: 'POST',
      url: `/api/workspace/courses/${course.id}/archive`,
      headers: { cookie },
    });
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({
      message: SESSION_MSG.courseArchived,
      course: { id: course.id, archived: true, bookingCount: 1 },
    });
    // Kept in the workspace, gone from the public profile and from booking.
    const own = await app.inject({ method: 'GET', url: '/api/workspace/courses', headers: { cookie } });
    expect(own.json()).toMatchObject([{ id: course.id, archived: true }]);
    const pub = await app.inject({ method: 'GET', url: `/api/sharks/${shark.id}/courses` });
    expect(pub.json()).toEqual([]);
    const booking = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: await sessionCookie(db, learner.id) },
      payload: {
        courseId: course.id,
        hours: 1,
        startsAt: '2030-01-02T04:30:00.000Z',
        name: 'Learner',
        email: 'learner@example.com',
        phone: '+91 98765 43210',
        requestId: randomUUID(),
      },
    });
    expect(booking.statusCode).toBe(400);
    expect(booking.json().error.fields).toEqual({ courseId: 'This course is not open for booking.' });

    const restored = await app.inject({
      method: 'POST',
      url: `/api/workspace/courses/${course.id}/restore`,
      headers: { cookie },
    });
    expect(restored.json()).toMatchObject({
      message: SESSION_MSG.courseRestored,
      course: { archived: false },
    });
    const back = await app.inject({ method: 'GET', url: `/api/sharks/${shark.id}/courses` });
    expect(back.json()).toMatchObject([{ id: course.id, cancellationHours: 24 }]);
  });

  it('another shark cannot archive a course', async () => {
    const { db } = await testDatabase();
    const { shark } = await sharkWithSession();
    const course = await createCourse(db, shark.id);
    const other = await sharkWithSession();
    const res = await app.inject({
      method: 'POST',
      url: `/api/workspace/courses/${course.id}/archive`,
      headers: { cookie: other.cookie },
    });
    expect(res.statusCode).toBe(403);
    expect((await courseRow(course.id)).archivedAt).toBeNull();
  });

  it('stores the cancellation window: 24 h by default, one of 0/12/24/48/72, kept when an update leaves it out', async () => {
    const { cookie } = await sharkWithSession();
    const created = (await create(cookie, validCourse)).json().course;
    expect(created).toMatchObject({ cancellationHours: 24, archived: false });
    const bad = await create(cookie, { ...validCourse, cancellationHours: 36 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ cancellationHours: COURSE_MSG.cancellationInvalid });
    const put = (body: object) =>
      app.inject({
        method: 'PUT',
        url: `/api/workspace/courses/${created.id}`,
        headers: { cookie },
        payload: body,
      });
    expect((await put({ ...validCourse, cancellationHours: '48' })).json().course.cancellationHours).toBe(48);
    expect((await put(validCourse)).json().course.cancellationHours).toBe(48);
    expect((await courseRow(created.id)).cancellationHours).toBe(48);
  });

  it('stores the late-cancellation refund the shark chooses: 50% by default, 0 or 50, kept when an update leaves it out', async () => {
    const { shark, cookie } = await sharkWithSession();
    const created = (await create(cookie, validCourse)).json().course;
    expect(created).toMatchObject({ lateCancellationRefund: 50 });
    expect((await courseRow(created.id)).lateCancellationRefund).toBe(50);
    const none = await create(cookie, { ...validCourse, lateCancellationRefund: 0 });
    expect(none.statusCode).toBe(201);
    expect(none.json().course.lateCancellationRefund).toBe(0);

    const put = (body: object) =>
      app.inject({
        method: 'PUT',
        url: `/api/workspace/courses/${created.id}`,
        headers: { cookie },
        payload: body,
      });
    // The form sends the radio's value as text.
    const toNone = await put({ ...validCourse, lateCancellationRefund: '0' });
    expect(toNone.statusCode, toNone.body).toBe(200);
    expect(toNone.json().course.lateCancellationRefund).toBe(0);
    expect((await put(validCourse)).json().course.lateCancellationRefund).toBe(0);
    expect((await courseRow(created.id)).lateCancellationRefund).toBe(0);
    expect(
      (await put({ ...validCourse, lateCancellationRefund: 50 })).json().course.lateCancellationRefund,
    ).toBe(50);

    // Anything but 0 or 50 is a 400 naming the field, and changes nothing.
    const bad = await put({ ...validCourse, title: 'Changed', lateCancellationRefund: 25 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ lateCancellationRefund: COURSE_MSG.lateRefundInvalid });
    expect(await courseRow(created.id)).toMatchObject({
      title: validCourse.title,
      lateCancellationRefund: 50,
    });

    // The shark's list and the public profile's courses carry it, for the policy shown before booking.
    await put({ ...validCourse, lateCancellationRefund: 0 });
    const own = await app.inject({ method: 'GET', url: '/api/workspace/courses', headers: { cookie } });
    expect(own.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: created.id, lateCancellationRefund: 0 }),
        expect.objectContaining({ id: none.json().course.id, lateCancellationRefund: 0 }),
      ]),
    );
    const pub = await app.inject({ method: 'GET', url: `/api/sharks/${shark.id}/courses` });
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: created.id, lateCancellationRefund: 0 })]),
    );
  });

  it('asks a shark without a profile to save it first before creating courses', async () => {
    const cookie = await cookieFor(['shark']);
    const res = await create(cookie, validCourse);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Failed to save course. Save your profile first.');
    expect(
      (await app.inject({ method: 'GET', url: '/api/workspace/courses', headers: { cookie } })).json(),
    ).toEqual([]);
  });

  it('lets an admin manage the courses of ?sharkId= (required)', async () => {
    const { shark } = await sharkWithSession();
    const cookie = await cookieFor(['admin']);
    const missing = await create(cookie, validCourse);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.sharkId).toBe('Choose a shark to act for');
    const created = await create(cookie, validCourse, `?sharkId=${shark.id}`);
    expect(created.statusCode).toBe(201);
    expect(created.json().course.sharkId).toBe(shark.id);
    const id = created.json().course.id;
    const image = await uploadImage(
      cookie,
      id,
      'c.webp',
      'image/webp',
      await makeImage('webp'),
      `?sharkId=${shark.id}`,
    );
    expect(image.statusCode).toBe(200);
    expect(image.json().course.image).toMatch(
      new RegExp(`^/media/course-images/courses/${shark.userId}/\\d+_[0-9a-f]+\\.webp$`),
    );
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/workspace/courses/${id}?sharkId=${shark.id}`,
      headers: { cookie },
    });
    expect(del.statusCode).toBe(200);
  });

  it('refuses a visitor (401), a learner, a freelancer and another shark (403) on every course endpoint, changing nothing', async () => {
    const { db } = await testDatabase();
    const { shark } = await sharkWithSession();
    const course = await createCourse(db, shark.id, { title: 'Original' });
    const before = await courseRow(course.id);
    const other = await sharkWithSession();
    const png = await makeImage('png');
    const callers: [string | undefined, number][] = [
      [undefined, 401],
      [await cookieFor(['user']), 403],
      [await cookieFor(['freelancer', 'user']), 403],
      [other.cookie, 403],
    ];
    for (const [cookie, status] of callers) {
      const headers = cookie ? { cookie } : {};
      const label = cookie === other.cookie ? 'other shark' : String(status);
      // Named by the owner's sharkId, and (for the other shark) by the course id alone.
      for (const query of [`?sharkId=${shark.id}`, '']) {
        // Without a sharkId, another shark's GET is simply its own (empty) list.
        if (query || cookie !== other.cookie) {
          expect(
            (await app.inject({ method: 'GET', url: `/api/workspace/courses${query}`, headers })).statusCode,
            `${label} GET ${query}`,
          ).toBe(status);
        }
        const put = await app.inject({
          method: 'PUT',
          url: `/api/workspace/courses/${course.id}${query}`,
          headers,
          payload: { ...validCourse, title: 'Hijacked', lateCancellationRefund: 0 },
        });
        expect(put.statusCode, `${label} PUT ${query}`).toBe(status);
        const del = await app.inject({
          method: 'DELETE',
          url: `/api/workspace/courses/${course.id}${query}`,
          headers,
        });
        expect(del.statusCode, `${label} DELETE ${query}`).toBe(status);
        const img = await uploadImage(cookie, course.id, 'x.png', 'image/png', png, query);
        expect(img.statusCode, `${label} image ${query}`).toBe(status);
      }
      const post = await app.inject({
        method: 'POST',
        url: `/api/workspace/courses?sharkId=${shark.id}`,
        headers,
        payload: validCourse,
      });
      expect(post.statusCode, `${label} POST`).toBe(status);
    }
    expect(await courseRow(course.id)).toEqual(before);
    expect(await db.select().from(courses)).toHaveLength(1);
    expect(await listFiles(storageRoot)).toEqual([]);
  });
});

describe('POST /api/workspace/courses/:id/image', () => {
  it('stores a re-encoded image at course-images/courses/{userId}/{timestamp_random}.{ext} and replacing removes the old', async () => {
    const { shark, cookie } = await sharkWithSession();
    const id = (await create(cookie, validCourse)).json().course.id;
    const first = await uploadImage(
      cookie,
      id,
      'cover.jpg',
      'image/jpeg',
      await makeImage('jpeg', { exif: true }),
    );
    expect(first.statusCode).toBe(200);
    const url: string = first.json().course.image;
    expect(url).toMatch(
      new RegExp(`^/media/course-images/courses/${shark.userId}/\\d{13}_[0-9a-f]{12}\\.jpg$`),
    );
    const served = await app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();

    const second = await uploadImage(cookie, id, 'cover.png', 'image/png', await makeImage('png'));
    const url2: string = second.json().course.image;
    expect(url2).not.toBe(url);
    expect(await listFiles(storageRoot)).toEqual([url2.replace('/media/', '')]);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    // The public profile shows the new image.
    const pub = await app.inject({ method: 'GET', url: `/api/sharks/${shark.id}/courses` });
    expect(pub.json()[0].image).toBe(url2);
  });

  it('accepts a large photo just under 5 MB (the request body limit does not cut uploads short)', async () => {
    const { cookie } = await sharkWithSession();
    const id = (await create(cookie, validCourse)).json().course.id;
    // Random pixels barely compress: about 4.6 MB of PNG.
    const noise = await sharp(randomBytes(1240 * 1240 * 3), {
      raw: { width: 1240, height: 1240, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(noise.length).toBeLessThan(5 * 1024 * 1024);
    const res = await uploadImage(cookie, id, 'big.png', 'image/png', noise);
    expect(res.statusCode).toBe(200);
    expect(res.json().course.image).toMatch(/\.png$/);
  });

  it('refuses bad files with "Image upload failed." and the reason, leaving no file and the row as it was', async () => {
    const { cookie } = await sharkWithSession();
    const id = (await create(cookie, validCourse)).json().course.id;
    await uploadImage(cookie, id, 'ok.webp', 'image/webp', await makeImage('webp'));
    const before = await courseRow(id);
    const filesBefore = await listFiles(storageRoot);
    const cases: [string, string, Buffer, string][] = [
      ['../../x.png', 'image/png', await makeImage('png'), 'The file name is not allowed.'],
      [
        'evil.svg',
        'image/svg+xml',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'The file name is not allowed.',
      ],
      [
        'cover.png',
        'image/png',
        Buffer.from('<?php echo shell_exec($_GET["c"]); ?>'),
        'The file is not a JPEG, PNG or WebP image.',
      ],
      ['cover.png', 'image/png', Buffer.alloc(5 * 1024 * 1024 + 1, 0x89), 'The image is larger than 5 MB.'],
    ];
    for (const [name, type, body, reason] of cases) {
      const res = await uploadImage(cookie, id, name, type, body);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.message).toBe(`Image upload failed. ${reason}`);
      expect(res.json().error.fields.image).toBe(reason);
    }
    expect(await courseRow(id)).toEqual(before);
    expect(await listFiles(storageRoot)).toEqual(filesBefore);
  });
});
