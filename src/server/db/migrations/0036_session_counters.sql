-- Issue 28, decision 198: each learner's and shark's sessions counted by state, kept by a trigger in the
-- transaction of every booking change, so the dashboards and the lists' totals read one row instead of counting
-- the bookings. Generated table and indexes, then hand-written: the view that recomputes the counters from the
-- bookings (the backfill, `npm run seed:large` and the soak's consistency check read it), the trigger, the backfill.
CREATE TABLE "session_counters" (
	"owner_kind" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"requested" integer DEFAULT 0 NOT NULL,
	"confirmed" integer DEFAULT 0 NOT NULL,
	"proposed_by_learner" integer DEFAULT 0 NOT NULL,
	"proposed_by_shark" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"cancelled_by_shark" integer DEFAULT 0 NOT NULL,
	"kept" integer DEFAULT 0 NOT NULL,
	"kept_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "session_counters_owner_kind_owner_id_pk" PRIMARY KEY("owner_kind","owner_id"),
	CONSTRAINT "session_counters_owner_kind_check" CHECK ("session_counters"."owner_kind" IN ('learner', 'shark'))
);
--> statement-breakpoint
CREATE INDEX "course_bookings_shark_due_idx" ON "course_bookings" USING btree ("shark_id",(CASE WHEN status = 'requested' THEN least(starts_at, coalesce(answer_by, starts_at)) ELSE starts_at END)) WHERE "course_bookings"."status" IN ('requested', 'confirmed');--> statement-breakpoint
CREATE INDEX "course_bookings_user_due_idx" ON "course_bookings" USING btree ("user_id",(CASE WHEN status = 'requested' THEN least(starts_at, coalesce(answer_by, starts_at)) ELSE starts_at END)) WHERE "course_bookings"."status" IN ('requested', 'confirmed');
--> statement-breakpoint
-- The counters recomputed from the bookings: what session_counters must hold, row for row.
CREATE VIEW session_counters_fresh AS
  SELECT owner_kind, owner_id,
         count(*) FILTER (WHERE status = 'requested')::int AS requested,
         count(*) FILTER (WHERE status = 'confirmed')::int AS confirmed,
         count(*) FILTER (WHERE status = 'confirmed' AND proposed_by = 'learner')::int AS proposed_by_learner,
         count(*) FILTER (WHERE status = 'confirmed' AND proposed_by = 'shark')::int AS proposed_by_shark,
         count(*) FILTER (WHERE status = 'completed')::int AS completed,
         count(*) FILTER (WHERE status = 'cancelled' AND cancelled_by = 'shark')::int AS cancelled_by_shark,
         count(*) FILTER (WHERE status NOT IN ('declined', 'expired', 'cancelled'))::int AS kept,
         coalesce(sum(total_price) FILTER (WHERE status NOT IN ('declined', 'expired', 'cancelled')), 0)::numeric(12, 2) AS kept_price,
         count(*)::int AS total
  FROM (
    SELECT 'learner'::text AS owner_kind, user_id AS owner_id, status, proposed_by, cancelled_by, total_price
    FROM course_bookings WHERE user_id IS NOT NULL
    UNION ALL
    SELECT 'shark'::text, shark_id, status, proposed_by, cancelled_by, total_price FROM course_bookings
  ) b
  GROUP BY owner_kind, owner_id;
--> statement-breakpoint
-- One booking's part in one owner's counters, added (p_sign 1) or taken away (-1).
CREATE FUNCTION session_counters_add(p_kind text, p_owner uuid, p_sign integer, r course_bookings)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  kept boolean := r.status NOT IN ('declined', 'expired', 'cancelled');
BEGIN
  IF p_owner IS NULL THEN RETURN; END IF;
  INSERT INTO session_counters AS c (owner_kind, owner_id, requested, confirmed, proposed_by_learner,
    proposed_by_shark, completed, cancelled_by_shark, kept, kept_price, total)
  VALUES (p_kind, p_owner,
    p_sign * (r.status = 'requested')::int,
    p_sign * (r.status = 'confirmed')::int,
    p_sign * (r.status = 'confirmed' AND r.proposed_by IS NOT DISTINCT FROM 'learner')::int,
    p_sign * (r.status = 'confirmed' AND r.proposed_by IS NOT DISTINCT FROM 'shark')::int,
    p_sign * (r.status = 'completed')::int,
    p_sign * (r.status = 'cancelled' AND r.cancelled_by IS NOT DISTINCT FROM 'shark')::int,
    p_sign * kept::int,
    CASE WHEN kept THEN p_sign * r.total_price ELSE 0 END,
    p_sign)
  ON CONFLICT (owner_kind, owner_id) DO UPDATE SET
    requested = c.requested + excluded.requested,
    confirmed = c.confirmed + excluded.confirmed,
    proposed_by_learner = c.proposed_by_learner + excluded.proposed_by_learner,
    proposed_by_shark = c.proposed_by_shark + excluded.proposed_by_shark,
    completed = c.completed + excluded.completed,
    cancelled_by_shark = c.cancelled_by_shark + excluded.cancelled_by_shark,
    kept = c.kept + excluded.kept,
    kept_price = c.kept_price + excluded.kept_price,
    total = c.total + excluded.total;
END $$;
--> statement-breakpoint
CREATE FUNCTION session_counters_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.proposed_by IS NOT DISTINCT FROM NEW.proposed_by
     AND OLD.cancelled_by IS NOT DISTINCT FROM NEW.cancelled_by AND OLD.user_id IS NOT DISTINCT FROM NEW.user_id
     AND OLD.shark_id = NEW.shark_id AND OLD.total_price = NEW.total_price THEN
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
  AFTER INSERT OR DELETE OR UPDATE OF status, proposed_by, cancelled_by, user_id, shark_id, total_price
  ON course_bookings FOR EACH ROW EXECUTE FUNCTION session_counters_trigger();
--> statement-breakpoint
-- Existing bookings: every owner's counters from the view.
INSERT INTO session_counters SELECT * FROM session_counters_fresh;
