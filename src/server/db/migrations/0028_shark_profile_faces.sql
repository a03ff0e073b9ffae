ALTER TABLE "sharks" ADD COLUMN "headline" text;--> statement-breakpoint
ALTER TABLE "sharks" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sharks" ADD COLUMN "skills" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sharks" ADD COLUMN "links" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The card and the profile read the richer profile from the view too (new columns go last: OR REPLACE keeps the others).
CREATE OR REPLACE VIEW sharks_with_meta AS
  SELECT s.id, s.user_id, s.name, s.code_name, s.specialization, s.experience, s.bio, s.photo_url,
         (s.published AND NOT EXISTS (
           SELECT 1 FROM users u WHERE u.id = s.user_id AND u.suspended_at IS NOT NULL
         )) AS published,
         s.student_count, s.avg_rating, s.review_count, s.min_price,
         (SELECT count(*)::int FROM shark_credentials c
           WHERE c.shark_id = s.id AND c.status = 'verified') AS verified_credentials,
         s.rating_score,
         s.headline, s.languages, s.skills, s.links
  FROM sharks s;
