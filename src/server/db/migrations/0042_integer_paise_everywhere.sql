-- Generated, then hand-edited (issue 39, decision 210): every money column holds whole paise as bigint, its name
-- ending in _paise. Each column is renamed and converted in place, exactly: numeric(12,2) rupees as
-- (x * 100)::bigint (a numeric product: no float, no rounding), integer rupees as x::bigint * 100. drizzle-kit
-- wrote the renames and the checks; the type changes are written here with USING. A column that a view or a
-- trigger's column list names cannot change type, so those views and triggers are dropped first and made again
-- on the new names, with the functions that read the old names; the checks are dropped before the conversion
-- (the rewrite would test the rupee bounds against paise) and added back in paise. A proposal's milestones
-- (jsonb) carry each milestone's amountPaise.
DROP VIEW sharks_with_meta;--> statement-breakpoint
DROP VIEW courses_with_bookings;--> statement-breakpoint
DROP VIEW session_counters_fresh;--> statement-breakpoint
DROP TRIGGER courses_meta ON courses;--> statement-breakpoint
DROP TRIGGER course_bookings_session_counters ON course_bookings;--> statement-breakpoint
ALTER TABLE "client_requests" DROP CONSTRAINT "client_requests_budget_check";--> statement-breakpoint
ALTER TABLE "engagement_milestones" DROP CONSTRAINT "engagement_milestones_amount_check";--> statement-breakpoint
ALTER TABLE "freelancers" DROP CONSTRAINT "freelancers_day_rate_check";--> statement-breakpoint
ALTER TABLE "freelancers" DROP CONSTRAINT "freelancers_published_check";--> statement-breakpoint
ALTER TABLE "proposals" DROP CONSTRAINT "proposals_price_check";--> statement-breakpoint
ALTER TABLE courses DROP CONSTRAINT courses_price_check;--> statement-breakpoint
ALTER TABLE course_bookings DROP CONSTRAINT course_bookings_total_check;--> statement-breakpoint
ALTER TABLE "client_requests" RENAME COLUMN "budget_min" TO "budget_min_paise";--> statement-breakpoint
ALTER TABLE "client_requests" RENAME COLUMN "budget_max" TO "budget_max_paise";--> statement-breakpoint
ALTER TABLE "course_bookings" RENAME COLUMN "total_price" TO "total_price_paise";--> statement-breakpoint
ALTER TABLE "courses" RENAME COLUMN "price" TO "price_paise";--> statement-breakpoint
ALTER TABLE "engagement_milestones" RENAME COLUMN "amount" TO "amount_paise";--> statement-breakpoint
ALTER TABLE "engagements" RENAME COLUMN "price" TO "price_paise";--> statement-breakpoint
ALTER TABLE "freelancers" RENAME COLUMN "day_rate_rupees" TO "day_rate_paise";--> statement-breakpoint
ALTER TABLE "proposals" RENAME COLUMN "price" TO "price_paise";--> statement-breakpoint
ALTER TABLE "session_counters" RENAME COLUMN "kept_price" TO "kept_price_paise";--> statement-breakpoint
ALTER TABLE "sharks" RENAME COLUMN "min_price" TO "min_price_paise";--> statement-breakpoint
-- numeric(12,2) rupees: the product is an exact numeric with no fraction left.
ALTER TABLE "sharks" ALTER COLUMN "min_price_paise" SET DATA TYPE bigint USING ("min_price_paise" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "courses" ALTER COLUMN "price_paise" SET DATA TYPE bigint USING ("price_paise" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "course_bookings" ALTER COLUMN "total_price_paise" SET DATA TYPE bigint USING ("total_price_paise" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "session_counters" ALTER COLUMN "kept_price_paise" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "session_counters" ALTER COLUMN "kept_price_paise" SET DATA TYPE bigint USING ("kept_price_paise" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "session_counters" ALTER COLUMN "kept_price_paise" SET DEFAULT 0;--> statement-breakpoint
-- integer rupees: widened first, so the product cannot overflow.
ALTER TABLE "freelancers" ALTER COLUMN "day_rate_paise" SET DATA TYPE bigint USING "day_rate_paise"::bigint * 100;--> statement-breakpoint
ALTER TABLE "client_requests" ALTER COLUMN "budget_min_paise" SET DATA TYPE bigint USING "budget_min_paise"::bigint * 100;--> statement-breakpoint
ALTER TABLE "client_requests" ALTER COLUMN "budget_max_paise" SET DATA TYPE bigint USING "budget_max_paise"::bigint * 100;--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "price_paise" SET DATA TYPE bigint USING "price_paise"::bigint * 100;--> statement-breakpoint
ALTER TABLE "engagements" ALTER COLUMN "price_paise" SET DATA TYPE bigint USING "price_paise"::bigint * 100;--> statement-breakpoint
ALTER TABLE "engagement_milestones" ALTER COLUMN "amount_paise" SET DATA TYPE bigint USING "amount_paise"::bigint * 100;--> statement-breakpoint
-- A proposal's milestones, in their order: { title, amount } in rupees becomes { title, amountPaise }.
UPDATE "proposals" p SET "milestones" = coalesce((
  SELECT jsonb_agg((m - 'amount') || jsonb_build_object('amountPaise', (m ->> 'amount')::bigint * 100) ORDER BY e.i)
  FROM jsonb_array_elements(p."milestones") WITH ORDINALITY AS e(m, i)
), '[]'::jsonb);--> statement-breakpoint
DROP INDEX "freelancers_published_idx";--> statement-breakpoint
CREATE INDEX "freelancers_published_idx" ON "freelancers" USING btree ("day_rate_paise") WHERE "freelancers"."published";--> statement-breakpoint
ALTER TABLE "client_requests" ADD CONSTRAINT "client_requests_budget_check" CHECK ("client_requests"."budget_min_paise" >= 100 AND "client_requests"."budget_min_paise" <= "client_requests"."budget_max_paise");--> statement-breakpoint
ALTER TABLE "engagement_milestones" ADD CONSTRAINT "engagement_milestones_amount_check" CHECK ("engagement_milestones"."amount_paise" >= 100);--> statement-breakpoint
ALTER TABLE "freelancers" ADD CONSTRAINT "freelancers_day_rate_check" CHECK ("freelancers"."day_rate_paise" BETWEEN 50000 AND 50000000);--> statement-breakpoint
ALTER TABLE "freelancers" ADD CONSTRAINT "freelancers_published_check" CHECK (NOT "freelancers"."published" OR ("freelancers"."headline" <> '' AND cardinality("freelancers"."services") > 0 AND "freelancers"."day_rate_paise" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_price_check" CHECK ("proposals"."price_paise" >= 100 AND "proposals"."days" >= 1);--> statement-breakpoint
-- The hand-written checks of migration 0001, in paise (kept, they would compare a bigint as a numeric).
ALTER TABLE courses ADD CONSTRAINT courses_price_check CHECK (price_paise >= 0);--> statement-breakpoint
ALTER TABLE course_bookings ADD CONSTRAINT course_bookings_total_check CHECK (total_price_paise >= 0);--> statement-breakpoint
-- Hand-written: the functions, triggers and views of migrations 0001, 0027, 0028 and 0036 on the new names.
CREATE OR REPLACE FUNCTION refresh_shark_meta(p_shark uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM sharks WHERE id = p_shark FOR UPDATE;
  UPDATE sharks s SET
    student_count = (SELECT count(DISTINCT b.user_id) FROM course_bookings b JOIN courses c ON c.id = b.course_id
                     WHERE c.shark_id = p_shark AND b.status IN ('confirmed', 'completed')),
    avg_rating = r.avg,
    review_count = r.n,
    rating_score = r.score,
    min_price_paise = (SELECT min(c.price_paise) FROM courses c WHERE c.shark_id = p_shark)
  FROM (
    SELECT round(avg(rating), 2) AS avg, count(*)::int AS n,
           CASE WHEN count(*) = 0 THEN NULL ELSE round((5 * 4.0 + sum(rating)) / (5 + count(*)), 4) END AS score
    FROM reviews WHERE shark_id = p_shark AND hidden_at IS NULL
  ) r
  WHERE s.id = p_shark;
END $$;
--> statement-breakpoint
CREATE TRIGGER courses_meta AFTER INSERT OR UPDATE OF price_paise, shark_id OR DELETE ON courses
  FOR EACH ROW EXECUTE FUNCTION shark_child_meta_trigger();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION session_counters_add(p_kind text, p_owner uuid, p_sign integer, r course_bookings)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  kept boolean := r.status NOT IN ('declined', 'expired', 'cancelled');
BEGIN
  IF p_owner IS NULL THEN RETURN; END IF;
  INSERT INTO session_counters AS c (owner_kind, owner_id, requested, confirmed, proposed_by_learner,
    proposed_by_shark, completed, cancelled_by_shark, kept, kept_price_paise, total)
  VALUES (p_kind, p_owner,
    p_sign * (r.status = 'requested')::int,
    p_sign * (r.status = 'confirmed')::int,
    p_sign * (r.status = 'confirmed' AND r.proposed_by IS NOT DISTINCT FROM 'learner')::int,
    p_sign * (r.status = 'confirmed' AND r.proposed_by IS NOT DISTINCT FROM 'shark')::int,
    p_sign * (r.status = 'completed')::int,
    p_sign * (r.status = 'cancelled' AND r.cancelled_by IS NOT DISTINCT FROM 'shark')::int,
    p_sign * kept::int,
    CASE WHEN kept THEN p_sign * r.total_price_paise ELSE 0 END,
    p_sign)
  ON CONFLICT (owner_kind, owner_id) DO UPDATE SET
    requested = c.requested + excluded.requested,
    confirmed = c.confirmed + excluded.confirmed,
    proposed_by_learner = c.proposed_by_learner + excluded.proposed_by_learner,
    proposed_by_shark = c.proposed_by_shark + excluded.proposed_by_shark,
    completed = c.completed + excluded.completed,
    cancelled_by_shark = c.cancelled_by_shark + excluded.cancelled_by_shark,
    kept = c.kept + excluded.kept,
    kept_price_paise = c.kept_price_paise + excluded.kept_price_paise,
    total = c.total + excluded.total;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION session_counters_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.proposed_by IS NOT DISTINCT FROM NEW.proposed_by
     AND OLD.cancelled_by IS NOT DISTINCT FROM NEW.cancelled_by AND OLD.user_id IS NOT DISTINCT FROM NEW.user_id
     AND OLD.shark_id = NEW.shark_id AND OLD.total_price_paise = NEW.total_price_paise THEN
    RETURN NULL;
  END IF;
  -- Always the learner's row before the shark's, so two changes never wait on each other's rows in turn.
  IF TG_OP <> 'INSERT' THEN
    PERFORM session_counters_add('learner', OLD.user_id, -1, OLD);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM session_counters_add('learner', NEW.user_id, 1, NEW);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM session_counters_add('shark', OLD.shark_id, -1, OLD);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM session_counters_add('shark', NEW.shark_id, 1, NEW);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER course_bookings_session_counters
  AFTER INSERT OR DELETE OR UPDATE OF status, proposed_by, cancelled_by, user_id, shark_id, total_price_paise
  ON course_bookings FOR EACH ROW EXECUTE FUNCTION session_counters_trigger();
--> statement-breakpoint
CREATE VIEW session_counters_fresh AS
  SELECT owner_kind, owner_id,
         count(*) FILTER (WHERE status = 'requested')::int AS requested,
         count(*) FILTER (WHERE status = 'confirmed')::int AS confirmed,
         count(*) FILTER (WHERE status = 'confirmed' AND proposed_by = 'learner')::int AS proposed_by_learner,
         count(*) FILTER (WHERE status = 'confirmed' AND proposed_by = 'shark')::int AS proposed_by_shark,
         count(*) FILTER (WHERE status = 'completed')::int AS completed,
         count(*) FILTER (WHERE status = 'cancelled' AND cancelled_by = 'shark')::int AS cancelled_by_shark,
         count(*) FILTER (WHERE status NOT IN ('declined', 'expired', 'cancelled'))::int AS kept,
         coalesce(sum(total_price_paise) FILTER (WHERE status NOT IN ('declined', 'expired', 'cancelled')), 0)::bigint
           AS kept_price_paise,
         count(*)::int AS total
  FROM (
    SELECT 'learner'::text AS owner_kind, user_id AS owner_id, status, proposed_by, cancelled_by, total_price_paise
    FROM course_bookings WHERE user_id IS NOT NULL
    UNION ALL
    SELECT 'shark'::text, shark_id, status, proposed_by, cancelled_by, total_price_paise FROM course_bookings
  ) b
  GROUP BY owner_kind, owner_id;
--> statement-breakpoint
CREATE VIEW courses_with_bookings AS
  SELECT c.id, c.shark_id, c.title, c.course_code, c.description, c.duration, c.price_paise, c.image,
         c.enrollment_form_url, c.required_devices, c.required_knowledge, c.created_at,
         b.booking_count::int AS booking_count, b.enrolled_count::int AS enrolled_count,
         c.cancellation_hours, c.archived_at, c.late_cancellation_refund
  FROM courses c
  CROSS JOIN LATERAL (
    SELECT count(*) AS booking_count,
           count(DISTINCT bk.user_id) FILTER (WHERE bk.status IN ('confirmed', 'completed')) AS enrolled_count
    FROM course_bookings bk WHERE bk.course_id = c.id
  ) b;
--> statement-breakpoint
CREATE VIEW sharks_with_meta AS
  SELECT s.id, s.user_id, s.name, s.code_name, s.specialization, s.experience, s.bio, s.photo_url,
         (s.published AND NOT EXISTS (
           SELECT 1 FROM users u WHERE u.id = s.user_id AND u.suspended_at IS NOT NULL
         )) AS published,
         s.student_count, s.avg_rating, s.review_count, s.min_price_paise,
         (SELECT count(*)::int FROM shark_credentials c
           WHERE c.shark_id = s.id AND c.status = 'verified') AS verified_credentials,
         s.rating_score,
         s.headline, s.languages, s.skills, s.links
  FROM sharks s;
