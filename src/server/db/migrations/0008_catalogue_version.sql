CREATE TABLE "catalogue_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "catalogue_version_single_row" CHECK ("catalogue_version"."id" = 1)
);
--> statement-breakpoint
-- Hand-written (decision 065): the one row, and the triggers that bump it whenever something the public
-- catalogue shows changes. They are deferred constraint triggers, so the bump runs just before commit: the
-- row is locked only for the commit itself (bookings of different sharks do not queue behind each other),
-- and a transaction bumps once however many rows it changes. The catalogue reads the version before its
-- data, so data newer than a version can be served under it, never data older.
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('catalogue.bumped', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('catalogue.bumped', 'on', true);
  -- An upsert: a database emptied by TRUNCATE (tests, seed:large --force) gets its row back.
  INSERT INTO catalogue_version (id, version) VALUES (1, 1)
    ON CONFLICT (id) DO UPDATE SET version = catalogue_version.version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalogue_version_sharks AFTER INSERT OR UPDATE OR DELETE ON sharks
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalogue_version_courses AFTER INSERT OR UPDATE OR DELETE ON courses
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
-- A course's public booking and enrolled counts.
CREATE CONSTRAINT TRIGGER catalogue_version_bookings AFTER INSERT OR DELETE OR UPDATE OF course_id, user_id ON course_bookings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
-- A suspended owner's shark reads as unpublished.
CREATE CONSTRAINT TRIGGER catalogue_version_users AFTER UPDATE OF suspended_at ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
-- The count of verified credentials on cards.
CREATE CONSTRAINT TRIGGER catalogue_version_credentials AFTER INSERT OR UPDATE OR DELETE ON shark_credentials
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
