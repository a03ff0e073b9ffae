CREATE TABLE "admin_audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_id" uuid,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"reason" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shark_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shark_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"issuer" text,
	"credential_id" text,
	"url" text NOT NULL,
	"issued_on" date,
	"expires_on" date,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shark_credentials_status_check" CHECK ("shark_credentials"."status" IN ('pending', 'verified', 'rejected')),
	CONSTRAINT "shark_credentials_kind_check" CHECK ("shark_credentials"."kind" IN ('certification', 'platform'))
);
--> statement-breakpoint
ALTER TABLE "shark_applications" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "shark_applications" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shark_applications" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "shark_applications" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "shark_applications" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "shark_credentials" ADD CONSTRAINT "shark_credentials_shark_id_sharks_id_fk" FOREIGN KEY ("shark_id") REFERENCES "public"."sharks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_at_idx" ON "admin_audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "shark_credentials_shark_id_idx" ON "shark_credentials" USING btree ("shark_id");--> statement-breakpoint
ALTER TABLE "shark_applications" ADD CONSTRAINT "shark_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;