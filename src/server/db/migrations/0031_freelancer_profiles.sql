-- Freelancer profiles (issue 27, decision 154): a public id, bounds and the publishing rule; credentials owned by a
-- shark or a freelancer, exactly one.
ALTER TABLE "shark_credentials" ALTER COLUMN "shark_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "freelancers" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "shark_credentials" ADD COLUMN "freelancer_id" uuid;--> statement-breakpoint
ALTER TABLE "freelancers" ADD CONSTRAINT "freelancers_id_unique" UNIQUE("id");--> statement-breakpoint
ALTER TABLE "shark_credentials" ADD CONSTRAINT "shark_credentials_freelancer_id_freelancers_id_fk" FOREIGN KEY ("freelancer_id") REFERENCES "public"."freelancers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "freelancers_published_idx" ON "freelancers" USING btree ("day_rate_rupees") WHERE "freelancers"."published";--> statement-breakpoint
CREATE INDEX "shark_credentials_freelancer_id_idx" ON "shark_credentials" USING btree ("freelancer_id");--> statement-breakpoint
ALTER TABLE "freelancers" ADD CONSTRAINT "freelancers_day_rate_check" CHECK ("freelancers"."day_rate_rupees" BETWEEN 500 AND 500000);--> statement-breakpoint
ALTER TABLE "freelancers" ADD CONSTRAINT "freelancers_years_experience_check" CHECK ("freelancers"."years_experience" BETWEEN 0 AND 60);--> statement-breakpoint
ALTER TABLE "freelancers" ADD CONSTRAINT "freelancers_lists_check" CHECK (cardinality("freelancers"."services") <= 6 AND cardinality("freelancers"."languages") <= 8 AND cardinality("freelancers"."portfolio_links") <= 5);--> statement-breakpoint
ALTER TABLE "freelancers" ADD CONSTRAINT "freelancers_published_check" CHECK (NOT "freelancers"."published" OR ("freelancers"."headline" <> '' AND cardinality("freelancers"."services") > 0 AND "freelancers"."day_rate_rupees" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "shark_credentials" ADD CONSTRAINT "shark_credentials_one_owner_check" CHECK (num_nonnulls("shark_credentials"."shark_id", "shark_credentials"."freelancer_id") = 1);