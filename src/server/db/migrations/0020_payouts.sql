CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payee_kind" text NOT NULL,
	"payee_id" uuid NOT NULL,
	"period" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"destination" text,
	"reference" text,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_paise" > 0),
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" IN ('created', 'sent', 'paid', 'failed', 'skipped')),
	CONSTRAINT "payouts_paid_check" CHECK (("payouts"."status" = 'paid') = ("payouts"."paid_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "payout_details" ADD COLUMN "route_account_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_live_key" ON "payouts" USING btree ("payee_kind","payee_id","period") WHERE "payouts"."status" NOT IN ('failed', 'skipped');--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_skipped_key" ON "payouts" USING btree ("payee_kind","payee_id","period") WHERE "payouts"."status" = 'skipped';--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_reference_key" ON "payouts" USING btree ("provider","reference");--> statement-breakpoint
CREATE INDEX "payouts_period_idx" ON "payouts" USING btree ("period","status");--> statement-breakpoint
CREATE INDEX "payouts_payee_idx" ON "payouts" USING btree ("payee_kind","payee_id","created_at");