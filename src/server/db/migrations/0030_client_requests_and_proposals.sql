CREATE TABLE "client_request_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"actor_id" uuid,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_request_invitations" (
	"request_id" uuid NOT NULL,
	"freelancer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_request_invitations_request_id_freelancer_id_pk" PRIMARY KEY("request_id","freelancer_id")
);
--> statement-breakpoint
CREATE TABLE "client_request_nda_acceptances" (
	"request_id" uuid NOT NULL,
	"freelancer_id" uuid NOT NULL,
	"terms" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_request_nda_acceptances_request_id_freelancer_id_pk" PRIMARY KEY("request_id","freelancer_id")
);
--> statement-breakpoint
CREATE TABLE "client_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"title" text NOT NULL,
	"service" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"assets" jsonb NOT NULL,
	"window_from" date NOT NULL,
	"window_to" date NOT NULL,
	"budget_min" integer NOT NULL,
	"budget_max" integer NOT NULL,
	"deadline" date NOT NULL,
	"nda_required" boolean NOT NULL,
	"visibility" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_requests_budget_check" CHECK ("client_requests"."budget_min" >= 1 AND "client_requests"."budget_min" <= "client_requests"."budget_max"),
	CONSTRAINT "client_requests_window_check" CHECK ("client_requests"."window_from" <= "client_requests"."window_to"),
	CONSTRAINT "client_requests_status_check" CHECK ("client_requests"."status" IN ('draft', 'open', 'awarded', 'closed', 'cancelled')),
	CONSTRAINT "client_requests_visibility_check" CHECK ("client_requests"."visibility" IN ('everyone', 'invited'))
);
--> statement-breakpoint
CREATE TABLE "proposal_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"freelancer_id" uuid NOT NULL,
	"price" integer NOT NULL,
	"days" integer NOT NULL,
	"approach" text NOT NULL,
	"milestones" jsonb NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"shortlisted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_price_check" CHECK ("proposals"."price" >= 1 AND "proposals"."days" >= 1),
	CONSTRAINT "proposals_status_check" CHECK ("proposals"."status" IN ('submitted', 'shortlisted', 'accepted', 'not_chosen', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "client_request_events" ADD CONSTRAINT "client_request_events_request_id_client_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."client_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_request_events" ADD CONSTRAINT "client_request_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_request_invitations" ADD CONSTRAINT "client_request_invitations_request_id_client_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."client_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_request_invitations" ADD CONSTRAINT "client_request_invitations_freelancer_id_freelancers_user_id_fk" FOREIGN KEY ("freelancer_id") REFERENCES "public"."freelancers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_request_nda_acceptances" ADD CONSTRAINT "client_request_nda_acceptances_request_id_client_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."client_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_request_nda_acceptances" ADD CONSTRAINT "client_request_nda_acceptances_freelancer_id_users_id_fk" FOREIGN KEY ("freelancer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_requests" ADD CONSTRAINT "client_requests_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_messages" ADD CONSTRAINT "proposal_messages_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_messages" ADD CONSTRAINT "proposal_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_request_id_client_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."client_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_freelancer_id_users_id_fk" FOREIGN KEY ("freelancer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_request_events_request_id_idx" ON "client_request_events" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "client_request_invitations_freelancer_idx" ON "client_request_invitations" USING btree ("freelancer_id");--> statement-breakpoint
CREATE INDEX "client_requests_client_id_idx" ON "client_requests" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "client_requests_open_service_idx" ON "client_requests" USING btree ("service","created_at") WHERE "client_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "proposal_messages_proposal_id_idx" ON "proposal_messages" USING btree ("proposal_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_request_freelancer_key" ON "proposals" USING btree ("request_id","freelancer_id");--> statement-breakpoint
CREATE INDEX "proposals_freelancer_id_idx" ON "proposals" USING btree ("freelancer_id","created_at");