ALTER TABLE "freelancers" ADD COLUMN "headline" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "freelancers" ADD COLUMN "services" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "freelancers" ADD COLUMN "day_rate_rupees" integer;--> statement-breakpoint
ALTER TABLE "freelancers" ADD COLUMN "years_experience" integer;--> statement-breakpoint
ALTER TABLE "freelancers" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "freelancers" ADD COLUMN "portfolio_links" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "freelancers" ADD COLUMN "published" boolean DEFAULT false NOT NULL;