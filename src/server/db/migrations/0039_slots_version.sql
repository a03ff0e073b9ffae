CREATE TABLE "shark_slots_versions" (
	"shark_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Hand-written (decision 197): every write to what a shark's free slots read sets the shark's version to the
-- next number of one sequence, in the writing transaction (the row stays locked until it commits). A sequence,
-- not a counter: a version never repeats, even after the table is emptied (TRUNCATE in tests, seed:large), so
-- an answer a process holds under an old version can never be taken for a new one.
CREATE SEQUENCE IF NOT EXISTS shark_slots_version_seq;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_shark_slots_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO shark_slots_versions (shark_id, version) VALUES (OLD.shark_id, nextval('shark_slots_version_seq'))
      ON CONFLICT (shark_id) DO UPDATE SET version = EXCLUDED.version;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.shark_id IS DISTINCT FROM OLD.shark_id) THEN
    INSERT INTO shark_slots_versions (shark_id, version) VALUES (NEW.shark_id, nextval('shark_slots_version_seq'))
      ON CONFLICT (shark_id) DO UPDATE SET version = EXCLUDED.version;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The rules, weekly hours and dated overrides.
CREATE TRIGGER shark_slots_version_rules AFTER INSERT OR UPDATE OR DELETE ON shark_availability
  FOR EACH ROW EXECUTE FUNCTION bump_shark_slots_version();--> statement-breakpoint
CREATE TRIGGER shark_slots_version_weekly AFTER INSERT OR UPDATE OR DELETE ON availability_weekly
  FOR EACH ROW EXECUTE FUNCTION bump_shark_slots_version();--> statement-breakpoint
CREATE TRIGGER shark_slots_version_overrides AFTER INSERT OR UPDATE OR DELETE ON availability_overrides
  FOR EACH ROW EXECUTE FUNCTION bump_shark_slots_version();--> statement-breakpoint
-- Bookings: made, cancelled, declined, expired, moved (whichever module writes them).
CREATE TRIGGER shark_slots_version_bookings AFTER INSERT OR DELETE OR UPDATE OF status, starts_at, blocked_until, shark_id ON course_bookings
  FOR EACH ROW EXECUTE FUNCTION bump_shark_slots_version();--> statement-breakpoint
-- Checkout holds: taken, closed (paid, abandoned) or moved. A hold that lapses by time writes nothing: the
-- slots read counts the shark's live holds beside its version.
CREATE TRIGGER shark_slots_version_holds AFTER INSERT OR DELETE OR UPDATE OF closed_at, expires_at, starts_at, blocked_until, shark_id ON checkout_holds
  FOR EACH ROW EXECUTE FUNCTION bump_shark_slots_version();--> statement-breakpoint
-- Busy times imported from the shark's other calendars (a refresh replaces them).
CREATE TRIGGER shark_slots_version_imported AFTER INSERT OR UPDATE OR DELETE ON calendar_busy
  FOR EACH ROW EXECUTE FUNCTION bump_shark_slots_version();
