ALTER TABLE "client_requests" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_requests" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "client_requests" ADD CONSTRAINT "client_requests_hidden_check" CHECK (("client_requests"."hidden_at" IS NULL) = ("client_requests"."hidden_reason" IS NULL));