// Column sets and conditions several repositories share, so every answer of that shape is read the same way.
import { and, eq, sql } from 'drizzle-orm';
import { sharks, sharksWithMeta as s } from './schema';

/**
 * For reads of the sharks table itself: published, and its owner not suspended. The rule of
 * sharks_with_meta.published (migration 0005), so a suspended shark's courses, calendar, sitemap entry and
 * bookings go with its profile.
 */
export const isPublicShark = () =>
  and(
    eq(sharks.published, true),
    sql`NOT EXISTS (SELECT 1 FROM users u WHERE u.id = ${sharks.userId} AND u.suspended_at IS NOT NULL)`,
  );

/** The columns of a shark card (the `Shark` shape): the catalogue, one shark, the follows list. */
export const sharkCardColumns = {
  id: s.id,
  name: s.name,
  codeName: s.codeName,
  specialization: s.specialization,
  experience: s.experience,
  bio: s.bio,
  photoUrl: s.photoUrl,
  studentCount: s.studentCount,
  avgRating: s.avgRating,
  reviewCount: s.reviewCount,
  minPricePaise: s.minPricePaise,
  verifiedCredentials: s.verifiedCredentials,
  headline: s.headline,
  languages: s.languages,
  skills: s.skills,
  links: s.links,
};
