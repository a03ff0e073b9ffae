CREATE TABLE "reconciliation_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"day" date NOT NULL,
	"provider_payment_id" text,
	"payment_id" uuid,
	"booking_id" uuid,
	"provider_amount_paise" bigint,
	"ledger_amount_paise" bigint,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution_note" text,
	CONSTRAINT "reconciliation_exceptions_subject_key" UNIQUE("kind","subject"),
	CONSTRAINT "reconciliation_exceptions_resolved_check" CHECK (("reconciliation_exceptions"."resolved_at" IS NULL) = ("reconciliation_exceptions"."resolution_note" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "reconciliation_exceptions" ADD CONSTRAINT "reconciliation_exceptions_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_exceptions_open_idx" ON "reconciliation_exceptions" USING btree ("resolved_at","found_at");--> statement-breakpoint
CREATE INDEX "ledger_transactions_kind_at_idx" ON "ledger_transactions" USING btree ("kind","at");--> statement-breakpoint
CREATE INDEX "ledger_transactions_payout_idx" ON "ledger_transactions" USING btree ("payout_id") WHERE "ledger_transactions"."payout_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_transactions_reference_idx" ON "ledger_transactions" USING btree ("reference") WHERE "ledger_transactions"."reference" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_status_captured_idx" ON "payments" USING btree ("status","captured_at");