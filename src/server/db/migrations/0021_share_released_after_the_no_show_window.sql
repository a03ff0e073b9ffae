-- A held session's share is released at the end of its 48-hour no-show window (the sessions clock), not at
-- completion; share_released_at marks the release done. Every session held before this released its share at
-- once: each takes the time of its share_released posting, and a completed session without one (a free course)
-- the time of this migration, so the clock's work list starts empty.
ALTER TABLE "course_bookings" ADD COLUMN "share_released_at" timestamp with time zone;--> statement-breakpoint
UPDATE "course_bookings" b SET "share_released_at" = t."at"
  FROM "ledger_transactions" t WHERE t."booking_id" = b."id" AND t."kind" = 'share_released';--> statement-breakpoint
UPDATE "course_bookings" SET "share_released_at" = now()
  WHERE "status" = 'completed' AND "share_released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "course_bookings_share_due_idx" ON "course_bookings" USING btree ("ends_at") WHERE "course_bookings"."status" = 'completed' AND "course_bookings"."share_released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "course_bookings_share_due_shark_idx" ON "course_bookings" USING btree ("shark_id") WHERE "course_bookings"."status" = 'completed' AND "course_bookings"."share_released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "ledger_transactions_booking_idx" ON "ledger_transactions" USING btree ("booking_id");