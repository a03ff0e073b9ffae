CREATE TABLE "engagement_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"engagement_id" uuid NOT NULL,
	"milestone_id" uuid,
	"actor_id" uuid,
	"kind" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engagement_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"engagement_id" uuid NOT NULL,
	"uploader_id" uuid,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engagement_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"engagement_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engagement_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"engagement_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"title" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'awaiting_funding' NOT NULL,
	"payment_id" uuid,
	"funded_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"auto_approve_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"changes_note" text,
	"dispute_note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "engagement_milestones_amount_check" CHECK ("engagement_milestones"."amount" >= 1),
	CONSTRAINT "engagement_milestones_status_check" CHECK ("engagement_milestones"."status" IN ('awaiting_funding', 'funded', 'delivered', 'changes_requested', 'approved', 'disputed', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "engagement_reviews" (
	"engagement_id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid,
	"freelancer_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "engagement_reviews_rating_check" CHECK ("engagement_reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "engagements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"proposal_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"freelancer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"service" text NOT NULL,
	"description" text NOT NULL,
	"assets" jsonb NOT NULL,
	"window_from" date NOT NULL,
	"window_to" date NOT NULL,
	"price" integer NOT NULL,
	"days" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"roe_terms" text,
	"roe_acknowledged_at" timestamp with time zone,
	"roe_acknowledged_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "engagements_status_check" CHECK ("engagements"."status" IN ('active', 'completed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "engagement_events" ADD CONSTRAINT "engagement_events_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_events" ADD CONSTRAINT "engagement_events_milestone_id_engagement_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."engagement_milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_events" ADD CONSTRAINT "engagement_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_files" ADD CONSTRAINT "engagement_files_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_files" ADD CONSTRAINT "engagement_files_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_messages" ADD CONSTRAINT "engagement_messages_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_messages" ADD CONSTRAINT "engagement_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_milestones" ADD CONSTRAINT "engagement_milestones_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_reviews" ADD CONSTRAINT "engagement_reviews_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_reviews" ADD CONSTRAINT "engagement_reviews_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_reviews" ADD CONSTRAINT "engagement_reviews_freelancer_id_users_id_fk" FOREIGN KEY ("freelancer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_request_id_client_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."client_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_freelancer_id_users_id_fk" FOREIGN KEY ("freelancer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_roe_acknowledged_by_users_id_fk" FOREIGN KEY ("roe_acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engagement_events_engagement_id_idx" ON "engagement_events" USING btree ("engagement_id","created_at");--> statement-breakpoint
CREATE INDEX "engagement_files_engagement_id_idx" ON "engagement_files" USING btree ("engagement_id","created_at");--> statement-breakpoint
CREATE INDEX "engagement_messages_engagement_id_idx" ON "engagement_messages" USING btree ("engagement_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "engagement_milestones_position_key" ON "engagement_milestones" USING btree ("engagement_id","position");--> statement-breakpoint
CREATE INDEX "engagement_milestones_auto_approve_idx" ON "engagement_milestones" USING btree ("auto_approve_at") WHERE "engagement_milestones"."status" = 'delivered';--> statement-breakpoint
CREATE INDEX "engagement_reviews_freelancer_id_idx" ON "engagement_reviews" USING btree ("freelancer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "engagements_proposal_id_key" ON "engagements" USING btree ("proposal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "engagements_request_id_key" ON "engagements" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "engagements_client_id_idx" ON "engagements" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "engagements_freelancer_id_idx" ON "engagements" USING btree ("freelancer_id","created_at");