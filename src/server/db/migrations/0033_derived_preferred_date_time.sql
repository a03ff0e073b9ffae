-- A session's instant is stored once (decision 171): starts_at. The spec's preferred date and time become the
-- shark's wall clock at that instant, derived by the database, so no writer can make them disagree.
-- Every writer gives the shark and the instants now (the one function, #shared/sessions.ts sessionSlot), so the
-- trigger that filled them in from the preferred date and time for old scripts and imports goes.
DROP TRIGGER course_bookings_fill_slot ON course_bookings;--> statement-breakpoint
DROP FUNCTION course_bookings_fill_slot();--> statement-breakpoint
ALTER TABLE "course_bookings" drop column "preferred_date";--> statement-breakpoint
ALTER TABLE "course_bookings" ADD COLUMN "preferred_date" date GENERATED ALWAYS AS ((("starts_at" AT TIME ZONE "time_zone")::date)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "course_bookings" drop column "preferred_time";--> statement-breakpoint
ALTER TABLE "course_bookings" ADD COLUMN "preferred_time" time GENERATED ALWAYS AS ((("starts_at" AT TIME ZONE "time_zone")::time)) STORED NOT NULL;--> statement-breakpoint
-- Dropping the columns dropped their indexes: the same ones again.
CREATE INDEX "course_bookings_course_id_idx" ON "course_bookings" USING btree ("course_id","preferred_date");--> statement-breakpoint
CREATE INDEX "course_bookings_user_id_idx" ON "course_bookings" USING btree ("user_id","preferred_date");--> statement-breakpoint
CREATE INDEX course_bookings_preferred_date_idx ON course_bookings (preferred_date);
