CREATE TABLE "fee_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"payee_kind" text NOT NULL,
	"payee_id" uuid NOT NULL,
	"month" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"fee_paise" bigint NOT NULL,
	"tax_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "fee_invoices_month_check" CHECK ("fee_invoices"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "fee_invoices_amount_check" CHECK ("fee_invoices"."fee_paise" > 0 AND "fee_invoices"."tax_paise" >= 0 AND "fee_invoices"."total_paise" = "fee_invoices"."fee_paise" + "fee_invoices"."tax_paise")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fee_invoices_number_key" ON "fee_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_invoices_payee_month_key" ON "fee_invoices" USING btree ("payee_kind","payee_id","month");--> statement-breakpoint
-- An issued fee invoice is never changed: a correction would be a new document, never an edit.
CREATE FUNCTION fee_invoices_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an issued fee invoice is never changed: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = '55000';
END $$;--> statement-breakpoint
CREATE TRIGGER fee_invoices_immutable BEFORE UPDATE OR DELETE ON fee_invoices
  FOR EACH ROW EXECUTE FUNCTION fee_invoices_immutable();
