// The whole data model (design.md section 3). Tables are created by the SQL migrations in ./migrations;
// this file gives Drizzle their types. Keep the two in step: `npm run db:check` compares them.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Rupees as numeric(12,2): never floats in storage; read as numbers for JSON. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

// ---- Auth ----------------------------------------------------------------

/** The auth user (spec: id, email, email_confirmed_at, avatar_url). A null password_hash cannot log in yet. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    avatarUrl: text('avatar_url'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/** Server-side sessions; `id` is the sha256 of the cookie token, so a leaked table cannot be replayed. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Single-use, expiring email tokens (verification 24 h, password reset 1 h), stored as sha256. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_id_idx').on(t.userId)],
);

export const profiles = pgTable('profiles', {
  id: uuid('id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  fullName: text('full_name'),
  email: text('email').notNull(),
  phone: text('phone'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  roleName: text('role_name').notNull().unique(),
});

/** Role links; `id` keeps insertion order, and the first role is the primary one. */
export const userRoles = pgTable(
  'user_roles',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull().references(() => roles.id),
  },
  (t) => [uniqueIndex('user_roles_user_role_key').on(t.userId, t.roleId)],
);

// ---- Catalogue -----------------------------------------------------------

/**
 * Sharks. student_count, avg_rating, review_count and min_price are kept by triggers (see migration 0001)
 * so that the public list sorts 100k sharks through indexes instead of aggregating on every request.
 */
export const sharks = pgTable(
  'sharks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    codeName: text('code_name'),
    specialization: text('specialization', { enum: ['pentesting', 'red_teaming', 'cloud_security', 'forensics'] }).notNull(),
    experience: integer('experience').notNull().default(0),
    bio: text('bio'),
    photoUrl: text('photo_url'),
    published: boolean('published').notNull().default(false),
    studentCount: integer('student_count').notNull().default(0),
    avgRating: numeric('avg_rating', { precision: 3, scale: 2, mode: 'number' }),
    reviewCount: integer('review_count').notNull().default(0),
    minPrice: money('min_price'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('sharks_experience_check', sql`${t.experience} >= 0 and ${t.experience} <= 80`)],
);

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sharkId: uuid('shark_id').notNull().references(() => sharks.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    courseCode: text('course_code').notNull().unique(),
    description: text('description').notNull(),
    duration: numeric('duration', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    price: money('price').notNull(),
    image: text('image'),
    enrollmentFormUrl: text('enrollment_form_url'),
    requiredDevices: text('required_devices').notNull().default('Laptop + Internet'),
    requiredKnowledge: text('required_knowledge').notNull().default('Basic Skills'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('courses_shark_id_idx').on(t.sharkId)],
);

/** A booked course session. A course with bookings cannot be deleted (ON DELETE RESTRICT): bookings are money. */
export const courseBookings = pgTable(
  'course_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id').notNull().references(() => courses.id, { onDelete: 'restrict' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    hours: integer('hours').notNull(),
    preferredDate: date('preferred_date', { mode: 'string' }).notNull(),
    preferredTime: time('preferred_time').notNull(),
    totalPrice: money('total_price').notNull(),
    /** Client-chosen idempotency key: a double-clicked Confirm makes one booking. */
    requestId: uuid('request_id').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('course_bookings_course_id_idx').on(t.courseId, t.preferredDate),
    index('course_bookings_user_id_idx').on(t.userId, t.preferredDate),
    check('course_bookings_hours_check', sql`${t.hours} >= 1 and ${t.hours} <= 12`),
  ],
);

export const sharkFollowers = pgTable(
  'shark_followers',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    sharkId: uuid('shark_id').notNull().references(() => sharks.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sharkId] }), index('shark_followers_shark_id_idx').on(t.sharkId)],
);

/** One learner's rating of a shark; the aggregate (avg_rating, review_count) lives on sharks. */
export const sharkRatings = pgTable(
  'shark_ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sharkId: uuid('shark_id').notNull().references(() => sharks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shark_ratings_shark_user_key').on(t.sharkId, t.userId),
    check('shark_ratings_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

/** "Notify Me" on the reviews tab: one row per learner and shark. */
export const reviewNotifyRequests = pgTable(
  'review_notify_requests',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    sharkId: uuid('shark_id').notNull().references(() => sharks.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sharkId] })],
);

export const freelancers = pgTable('freelancers', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  skills: text('skills').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---- Company inbox -------------------------------------------------------

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/** "Be a Shark" applications, reviewed by an admin; they create no account. */
export const sharkApplications = pgTable('shark_applications', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  specialization: text('specialization').notNull(),
  experience: integer('experience').notNull(),
  links: text('links'),
  motivation: text('motivation').notNull(),
  status: text('status', { enum: ['new', 'reviewed'] }).notNull().default('new'),
  createdAt: createdAt(),
});

/** Every mail the app sends; without SMTP this is the dev mailbox at /dev/mailbox. */
export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  link: text('link'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: createdAt(),
});

// ---- Views (defined in migration SQL) -------------------------------------

export const sharksWithMeta = pgView('sharks_with_meta', {
  id: uuid('id').notNull(),
  userId: uuid('user_id').notNull(),
  name: text('name').notNull(),
  codeName: text('code_name'),
  specialization: text('specialization', { enum: ['pentesting', 'red_teaming', 'cloud_security', 'forensics'] }).notNull(),
  experience: integer('experience').notNull(),
  bio: text('bio'),
  photoUrl: text('photo_url'),
  published: boolean('published').notNull(),
  studentCount: integer('student_count').notNull(),
  avgRating: numeric('avg_rating', { precision: 3, scale: 2, mode: 'number' }),
  reviewCount: integer('review_count').notNull(),
  minPrice: money('min_price'),
}).existing();

export const coursesWithBookings = pgView('courses_with_bookings', {
  id: uuid('id').notNull(),
  sharkId: uuid('shark_id').notNull(),
  title: text('title').notNull(),
  courseCode: text('course_code').notNull(),
  description: text('description').notNull(),
  duration: numeric('duration', { precision: 6, scale: 2, mode: 'number' }).notNull(),
  price: money('price').notNull(),
  image: text('image'),
  enrollmentFormUrl: text('enrollment_form_url'),
  requiredDevices: text('required_devices').notNull(),
  requiredKnowledge: text('required_knowledge').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  bookingCount: integer('booking_count').notNull(),
  enrolledCount: integer('enrolled_count').notNull(),
}).existing();
