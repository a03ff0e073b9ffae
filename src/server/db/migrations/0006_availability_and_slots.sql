CREATE TABLE "availability_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shark_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_time" time,
	"end_time" time,
	CONSTRAINT "availability_overrides_range_check" CHECK (("availability_overrides"."start_time" IS NULL AND "availability_overrides"."end_time" IS NULL) OR ("availability_overrides"."start_time" < "availability_overrides"."end_time"))
);
--> statement-breakpoint
CREATE TABLE "availability_watchers" (
	"shark_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_watchers_shark_id_user_id_pk" PRIMARY KEY("shark_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "availability_weekly" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shark_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	CONSTRAINT "availability_weekly_weekday_check" CHECK ("availability_weekly"."weekday" BETWEEN 1 AND 7),
	CONSTRAINT "availability_weekly_range_check" CHECK ("availability_weekly"."start_time" < "availability_weekly"."end_time")
);
--> statement-breakpoint
CREATE TABLE "shark_availability" (
	"shark_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'Asia/Kolkata' NOT NULL,
	"buffer_minutes" integer DEFAULT 0 NOT NULL,
	"min_notice_minutes" integer DEFAULT 720 NOT NULL,
	"horizon_days" integer DEFAULT 60 NOT NULL,
	"daily_cap" integer,
	"published" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shark_availability_buffer_check" CHECK ("shark_availability"."buffer_minutes" IN (0, 15, 30, 60)),
	CONSTRAINT "shark_availability_notice_check" CHECK ("shark_availability"."min_notice_minutes" BETWEEN 0 AND 10080),
	CONSTRAINT "shark_availability_horizon_check" CHECK ("shark_availability"."horizon_days" BETWEEN 1 AND 180),
	CONSTRAINT "shark_availability_cap_check" CHECK ("shark_availability"."daily_cap" IS NULL OR "shark_availability"."daily_cap" BETWEEN 1 AND 24)
);
--> statement-breakpoint
ALTER TABLE "course_bookings" ADD COLUMN "shark_id" uuid;--> statement-breakpoint
ALTER TABLE "course_bookings" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_bookings" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_bookings" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_bookings" ADD COLUMN "time_zone" text DEFAULT 'Asia/Kolkata' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_bookings" ADD COLUMN "status" text DEFAULT 'requested' NOT NULL;--> statement-breakpoint
-- Existing bookings: the course's shark; start = preferred date and time in APP_TIMEZONE (Asia/Kolkata);
-- finished ones are completed, the others confirmed (they were sold as "Booking confirmed!").
UPDATE "course_bookings" b SET "shark_id" = c."shark_id",
  "starts_at" = (b."preferred_date" + b."preferred_time") AT TIME ZONE 'Asia/Kolkata'
  FROM "courses" c WHERE c."id" = b."course_id";--> statement-breakpoint
UPDATE "course_bookings" SET "ends_at" = "starts_at" + make_interval(hours => "hours"),
  "blocked_until" = "starts_at" + make_interval(hours => "hours");--> statement-breakpoint
UPDATE "course_bookings" SET "status" = CASE WHEN "ends_at" <= now() THEN 'completed' ELSE 'confirmed' END;--> statement-breakpoint
-- Legacy double bookings of one shark (still to come) cannot stay active under the constraint below: the
-- earliest-created one is kept, every later one overlapping an earlier one is cancelled (decision 052).
UPDATE "course_bookings" b SET "status" = 'cancelled' WHERE b."status" = 'confirmed' AND EXISTS (
  SELECT 1 FROM "course_bookings" a WHERE a."shark_id" = b."shark_id" AND a."status" = 'confirmed'
    AND (a."created_at", a."id") < (b."created_at", b."id")
    AND a."starts_at" < b."blocked_until" AND b."starts_at" < a."blocked_until");--> statement-breakpoint
ALTER TABLE "course_bookings" ALTER COLUMN "shark_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "course_bookings" ALTER COLUMN "starts_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "course_bookings" ALTER COLUMN "ends_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "course_bookings" ALTER COLUMN "blocked_until" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "availability_overrides" ADD CONSTRAINT "availability_overrides_shark_id_sharks_id_fk" FOREIGN KEY ("shark_id") REFERENCES "public"."sharks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_watchers" ADD CONSTRAINT "availability_watchers_shark_id_sharks_id_fk" FOREIGN KEY ("shark_id") REFERENCES "public"."sharks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_watchers" ADD CONSTRAINT "availability_watchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_weekly" ADD CONSTRAINT "availability_weekly_shark_id_sharks_id_fk" FOREIGN KEY ("shark_id") REFERENCES "public"."sharks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shark_availability" ADD CONSTRAINT "shark_availability_shark_id_sharks_id_fk" FOREIGN KEY ("shark_id") REFERENCES "public"."sharks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_overrides_shark_date_idx" ON "availability_overrides" USING btree ("shark_id","date");--> statement-breakpoint
CREATE INDEX "availability_weekly_shark_idx" ON "availability_weekly" USING btree ("shark_id","weekday");--> statement-breakpoint
ALTER TABLE "course_bookings" ADD CONSTRAINT "course_bookings_shark_id_sharks_id_fk" FOREIGN KEY ("shark_id") REFERENCES "public"."sharks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_bookings_shark_starts_idx" ON "course_bookings" USING btree ("shark_id","starts_at");--> statement-breakpoint
ALTER TABLE "course_bookings" ADD CONSTRAINT "course_bookings_status_check" CHECK ("course_bookings"."status" IN ('requested', 'confirmed', 'declined', 'expired', 'cancelled', 'completed', 'no_show'));--> statement-breakpoint
ALTER TABLE "course_bookings" ADD CONSTRAINT "course_bookings_range_check" CHECK ("course_bookings"."starts_at" < "course_bookings"."ends_at" AND "course_bookings"."ends_at" <= "course_bookings"."blocked_until");--> statement-breakpoint
-- Writers that give only the spec's preferred date and time (old scripts, imports): the shark and the
-- instants are filled from the course and the booking's zone, so the row still meets the constraint.
CREATE OR REPLACE FUNCTION course_bookings_fill_slot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.shark_id IS NULL THEN
    SELECT c.shark_id INTO NEW.shark_id FROM courses c WHERE c.id = NEW.course_id;
  END IF;
  IF NEW.starts_at IS NULL THEN
    NEW.starts_at := (NEW.preferred_date + NEW.preferred_time) AT TIME ZONE NEW.time_zone;
  END IF;
  IF NEW.ends_at IS NULL THEN
    NEW.ends_at := NEW.starts_at + make_interval(hours => NEW.hours);
  END IF;
  IF NEW.blocked_until IS NULL THEN
    NEW.blocked_until := NEW.ends_at;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER course_bookings_fill_slot BEFORE INSERT ON course_bookings
  FOR EACH ROW EXECUTE FUNCTION course_bookings_fill_slot();--> statement-breakpoint
-- The database refuses two overlapping active bookings of one shark, whatever the application does.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "course_bookings" ADD CONSTRAINT "course_bookings_no_overlap" EXCLUDE USING gist
  ("shark_id" WITH =, tstzrange("starts_at", "blocked_until") WITH &&) WHERE ("status" IN ('requested', 'confirmed'));
