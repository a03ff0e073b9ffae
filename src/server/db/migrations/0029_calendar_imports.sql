CREATE TABLE "calendar_busy" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_busy_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source_id" uuid NOT NULL,
	"shark_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "calendar_busy_order_check" CHECK ("calendar_busy"."ends_at" > "calendar_busy"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "calendar_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shark_id" uuid NOT NULL,
	"url" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"expanded_at" timestamp with time zone,
	"last_error" text,
	"failing_since" timestamp with time zone,
	"failure_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_busy" ADD CONSTRAINT "calendar_busy_source_id_calendar_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."calendar_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_busy" ADD CONSTRAINT "calendar_busy_shark_id_sharks_id_fk" FOREIGN KEY ("shark_id") REFERENCES "public"."sharks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_sources" ADD CONSTRAINT "calendar_sources_shark_id_sharks_id_fk" FOREIGN KEY ("shark_id") REFERENCES "public"."sharks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_busy_shark_starts_idx" ON "calendar_busy" USING btree ("shark_id","starts_at");--> statement-breakpoint
CREATE INDEX "calendar_busy_source_id_idx" ON "calendar_busy" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "calendar_sources_shark_id_idx" ON "calendar_sources" USING btree ("shark_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_sources_shark_url_key" ON "calendar_sources" USING btree ("shark_id","url");--> statement-breakpoint
CREATE INDEX "calendar_sources_last_attempt_idx" ON "calendar_sources" USING btree ("last_attempt_at");