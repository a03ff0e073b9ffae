CREATE TABLE "checkout_holds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"course_id" uuid NOT NULL,
	"shark_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"hours" integer NOT NULL,
	"request_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"learner_time_zone" text,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payee_kind" text,
	"payee_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_key" UNIQUE NULLS NOT DISTINCT("kind","payee_kind","payee_id"),
	CONSTRAINT "ledger_accounts_payee_check" CHECK (("ledger_accounts"."payee_kind" IS NULL) = ("ledger_accounts"."payee_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" uuid NOT NULL,
	"account_id" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount_paise" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"memo" text NOT NULL,
	"payment_id" uuid,
	"refund_id" uuid,
	"booking_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "money_document_series" (
	"series" text PRIMARY KEY NOT NULL,
	"next_value" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "money_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"refund_id" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"amount_paise" bigint NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"payer_id" uuid,
	"shark_id" uuid NOT NULL,
	"payer_name" text NOT NULL,
	"payer_email" text NOT NULL,
	"payee_name" text NOT NULL,
	"description" text NOT NULL,
	"mail" jsonb NOT NULL,
	"amount_paise" bigint NOT NULL,
	"fee_paise" bigint NOT NULL,
	"fee_tax_paise" bigint NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text NOT NULL,
	"provider_payment_id" text,
	"status" text DEFAULT 'created' NOT NULL,
	"failure_reason" text,
	"provider_fee_paise" bigint,
	"duplicate_of" uuid,
	"hold_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"captured_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_paise" > 0 AND "payments"."fee_paise" >= 0 AND "payments"."fee_tax_paise" >= 0),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" IN ('created', 'captured', 'failed', 'expired')),
	CONSTRAINT "payments_captured_check" CHECK (("payments"."status" = 'captured') = ("payments"."captured_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"percent" smallint NOT NULL,
	"amount_paise" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"resends" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_paise" > 0 AND "refunds"."percent" BETWEEN 1 AND 100),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" IN ('pending', 'processed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "test_gateway_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"parent_id" text,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "late_cancellation_refund" smallint DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "resends" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_holds" ADD CONSTRAINT "checkout_holds_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_holds" ADD CONSTRAINT "checkout_holds_shark_id_sharks_id_fk" FOREIGN KEY ("shark_id") REFERENCES "public"."sharks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_holds" ADD CONSTRAINT "checkout_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_documents" ADD CONSTRAINT "money_documents_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_documents" ADD CONSTRAINT "money_documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_shark_id_sharks_id_fk" FOREIGN KEY ("shark_id") REFERENCES "public"."sharks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_holds_request_key" ON "checkout_holds" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "checkout_holds_open_idx" ON "checkout_holds" USING btree ("expires_at") WHERE "checkout_holds"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "checkout_holds_shark_idx" ON "checkout_holds" USING btree ("shark_id","starts_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_key" ON "ledger_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_transactions_payment_idx" ON "ledger_transactions" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "money_documents_number_key" ON "money_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "money_documents_payment_key" ON "money_documents" USING btree ("payment_id") WHERE "money_documents"."refund_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "money_documents_refund_key" ON "money_documents" USING btree ("refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_order_key" ON "payments" USING btree ("provider_order_id") WHERE "payments"."duplicate_of" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_key" ON "payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_booking_open_key" ON "payments" USING btree ("booking_id") WHERE "payments"."status" IN ('created', 'captured') AND "payments"."duplicate_of" IS NULL;--> statement-breakpoint
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payments_payer_idx" ON "payments" USING btree ("payer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_key" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_key" ON "refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "test_gateway_objects_parent_idx" ON "test_gateway_objects" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_late_cancellation_refund_check" CHECK ("courses"."late_cancellation_refund" IN (0, 50));--> statement-breakpoint
-- Two open holds of one shark never overlap, whatever the application does (bookings have their own constraint).
ALTER TABLE "checkout_holds" ADD CONSTRAINT "checkout_holds_no_overlap" EXCLUDE USING gist
  ("shark_id" WITH =, tstzrange("starts_at", "blocked_until") WITH &&) WHERE ("closed_at" IS NULL);--> statement-breakpoint
-- The ledger balances in the database, not only in the code: at commit, every transaction that gained entries
-- must sum to zero and have at least two of them.
CREATE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
  n integer;
BEGIN
  SELECT coalesce(sum(amount_paise), 0), count(*) INTO total, n
    FROM ledger_entries WHERE transaction_id = NEW.transaction_id;
  IF total <> 0 OR n < 2 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (sum %, % entries)', NEW.transaction_id, total, n
      USING ERRCODE = '23514', CONSTRAINT = 'ledger_transaction_balanced';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balanced();--> statement-breakpoint
-- Entries and transactions are never changed: a correction is a reversing transaction.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = '55000';
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
