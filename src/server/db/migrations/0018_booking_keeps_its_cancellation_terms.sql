-- A booking keeps the course's cancellation terms it was booked (and paid) under: the window and the late
-- refund. Before, both were read from the course at cancellation, so a shark who changed them changed what
-- learners who had already paid would get back. Existing bookings take their course's current terms.
ALTER TABLE "course_bookings" ADD COLUMN "cancellation_hours" integer;--> statement-breakpoint
ALTER TABLE "course_bookings" ADD COLUMN "late_cancellation_refund" smallint;--> statement-breakpoint
UPDATE "course_bookings" b SET "cancellation_hours" = c."cancellation_hours", "late_cancellation_refund" = c."late_cancellation_refund"
  FROM "courses" c WHERE c."id" = b."course_id";--> statement-breakpoint
ALTER TABLE "course_bookings" ALTER COLUMN "cancellation_hours" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "course_bookings" ALTER COLUMN "late_cancellation_refund" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "course_bookings" ADD CONSTRAINT "course_bookings_cancellation_hours_check" CHECK ("course_bookings"."cancellation_hours" IN (0, 12, 24, 48, 72));--> statement-breakpoint
ALTER TABLE "course_bookings" ADD CONSTRAINT "course_bookings_late_cancellation_refund_check" CHECK ("course_bookings"."late_cancellation_refund" IN (0, 50));
