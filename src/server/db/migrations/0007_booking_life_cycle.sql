CREATE TABLE "booking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" uuid,
	"reason" text,
	"starts_at" timestamp with time zone,
	"late" boolean DEFAULT false NOT NULL,
	CONSTRAINT "booking_events_kind_check" CHECK ("booking_events"."kind" IN ('requested', 'confirmed', 'declined', 'expired', 'cancelled', 'reschedule_proposed', 'reschedule_accepted', 'reschedule_declined', 'completed', 'no_show')),
	CONSTRAINT "booking_events_actor_check" CHECK ("booking_events"."actor" IN ('learner', 'shark', 'admin', 'system'))
);
--> statement-breakpoint
CREATE TABLE "booking_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"author" text NOT NULL,
	"author_user_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "booking_messages_author_check" CHECK ("booking_messages"."author" IN ('learner', 'shark')),
	CONSTRAINT "booking_messages_body_check" CHECK (char_length("booking_messages"."body") BETWEEN 1 AND 4000)
);
--> statement-breakpoint
ALTER TABLE "course_bookings" ADD COLUMN "learner_time_zone" text;--> statement-breakpoint
ALTER TABLE "course_bookings" ADD COLUMN "answer_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_bookings" ADD COLUMN "meeting_link" text;--> statement-breakpoint
ALTER TABLE "course_bookings" ADD COLUMN "brief" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "course_bookings" ADD COLUMN "notes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "course_bookings" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "course_bookings" ADD COLUMN "late_cancellation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "course_bookings" ADD COLUMN "proposed_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_bookings" ADD COLUMN "proposed_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_bookings" ADD COLUMN "proposed_by" text;--> statement-breakpoint
ALTER TABLE "course_bookings" ADD COLUMN "reminded_24h_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_bookings" ADD COLUMN "reminded_1h_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "cancellation_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_course_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."course_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_messages" ADD CONSTRAINT "booking_messages_booking_id_course_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."course_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_messages" ADD CONSTRAINT "booking_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","at");--> statement-breakpoint
CREATE INDEX "booking_messages_booking_idx" ON "booking_messages" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_messages_unnotified_idx" ON "booking_messages" USING btree ("created_at") WHERE "booking_messages"."notified_at" IS NULL;--> statement-breakpoint
CREATE INDEX "course_bookings_answer_by_idx" ON "course_bookings" USING btree ("answer_by") WHERE "course_bookings"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "course_bookings_ends_at_idx" ON "course_bookings" USING btree ("ends_at") WHERE "course_bookings"."status" = 'confirmed';--> statement-breakpoint
ALTER TABLE "course_bookings" ADD CONSTRAINT "course_bookings_proposal_check" CHECK (("course_bookings"."proposed_starts_at" IS NULL) = ("course_bookings"."proposed_ends_at" IS NULL) AND ("course_bookings"."proposed_starts_at" IS NULL) = ("course_bookings"."proposed_by" IS NULL));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_cancellation_hours_check" CHECK ("courses"."cancellation_hours" IN (0, 12, 24, 48, 72));--> statement-breakpoint
-- Existing bookings get the start of their timeline: the request, and where it has moved on, its state.
INSERT INTO "booking_events" ("booking_id", "at", "kind", "actor", "actor_user_id")
  SELECT "id", "created_at", 'requested', 'learner', "user_id" FROM "course_bookings";--> statement-breakpoint
INSERT INTO "booking_events" ("booking_id", "at", "kind", "actor")
  SELECT "id", "created_at", "status", 'system' FROM "course_bookings" WHERE "status" <> 'requested';--> statement-breakpoint
-- Open requests expire 48 hours after they were made, or at the start if that is sooner.
UPDATE "course_bookings" SET "answer_by" = LEAST("created_at" + interval '48 hours', "starts_at")
  WHERE "status" = 'requested';
