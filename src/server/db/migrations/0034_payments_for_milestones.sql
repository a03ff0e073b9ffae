ALTER TABLE "payments" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "shark_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purpose" text DEFAULT 'session' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "milestone_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payee_kind" text DEFAULT 'shark' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payee_id" uuid;--> statement-breakpoint
-- Every payment so far is a session's: its payee is its shark (decision 176).
UPDATE "payments" SET "payee_id" = "shark_id";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "payee_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_milestone_id_engagement_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."engagement_milestones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_milestone_open_key" ON "payments" USING btree ("milestone_id") WHERE "payments"."status" IN ('created', 'captured') AND "payments"."duplicate_of" IS NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_check" CHECK (("payments"."purpose" = 'session' AND "payments"."booking_id" IS NOT NULL AND "payments"."milestone_id" IS NULL AND "payments"."payee_kind" = 'shark' AND "payments"."shark_id" = "payments"."payee_id") OR ("payments"."purpose" = 'milestone' AND "payments"."milestone_id" IS NOT NULL AND "payments"."booking_id" IS NULL AND "payments"."shark_id" IS NULL AND "payments"."payee_kind" = 'freelancer'));