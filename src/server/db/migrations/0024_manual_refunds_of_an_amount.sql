ALTER TABLE "refunds" DROP CONSTRAINT "refunds_amount_check";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "percent" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_paise" > 0 AND ("refunds"."percent" BETWEEN 1 AND 100 OR ("refunds"."percent" IS NULL AND "refunds"."reason" = 'admin_refund')));