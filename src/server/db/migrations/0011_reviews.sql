CREATE TABLE "review_invitations" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"user_id" uuid,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"shark_id" uuid NOT NULL,
	"user_id" uuid,
	"rating" smallint NOT NULL,
	"knowledge" smallint NOT NULL,
	"preparation" smallint NOT NULL,
	"clarity" smallint NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"reply" text,
	"replied_at" timestamp with time zone,
	CONSTRAINT "reviews_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "reviews_ratings_check" CHECK ("reviews"."rating" BETWEEN 1 AND 5 AND "reviews"."knowledge" BETWEEN 1 AND 5 AND "reviews"."preparation" BETWEEN 1 AND 5 AND "reviews"."clarity" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_body_check" CHECK (char_length("reviews"."body") BETWEEN 20 AND 2000),
	CONSTRAINT "reviews_reply_check" CHECK (("reviews"."reply" IS NULL) = ("reviews"."replied_at" IS NULL)),
	CONSTRAINT "reviews_hidden_check" CHECK (("reviews"."hidden_at" IS NULL) = ("reviews"."hidden_reason" IS NULL))
);
--> statement-breakpoint
DROP TABLE "shark_ratings" CASCADE;--> statement-breakpoint
ALTER TABLE "sharks" ADD COLUMN "rating_score" numeric(5, 4);--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_booking_id_course_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."course_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_course_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."course_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_shark_id_sharks_id_fk" FOREIGN KEY ("shark_id") REFERENCES "public"."sharks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_review_user_key" ON "review_reports" USING btree ("review_id","user_id");--> statement-breakpoint
CREATE INDEX "review_reports_open_idx" ON "review_reports" USING btree ("created_at") WHERE "review_reports"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "reviews_shark_published_idx" ON "reviews" USING btree ("shark_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."hidden_at" IS NULL;--> statement-breakpoint
CREATE INDEX "reviews_user_id_idx" ON "reviews" USING btree ("user_id");--> statement-breakpoint
-- Hand-written (decisions 007 and 008): ratings come only from published reviews of completed sessions. The old
-- per-learner ratings (shark_ratings, dropped above) belonged to no session, so they are not carried over; the
-- counters are recomputed from reviews, and "Top rated" sorts by a Bayesian average kept in rating_score:
--   rating_score = (C * m + sum of ratings) / (C + n), C = 5, m = 4.0; null while a shark has no review.
CREATE OR REPLACE FUNCTION refresh_shark_meta(p_shark uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM sharks WHERE id = p_shark FOR UPDATE;
  UPDATE sharks s SET
    student_count = (SELECT count(DISTINCT b.user_id) FROM course_bookings b JOIN courses c ON c.id = b.course_id WHERE c.shark_id = p_shark),
    avg_rating = r.avg,
    review_count = r.n,
    rating_score = r.score,
    min_price = (SELECT min(c.price) FROM courses c WHERE c.shark_id = p_shark)
  FROM (
    SELECT round(avg(rating), 2) AS avg, count(*)::int AS n,
           CASE WHEN count(*) = 0 THEN NULL ELSE round((5 * 4.0 + sum(rating)) / (5 + count(*)), 4) END AS score
    FROM reviews WHERE shark_id = p_shark AND hidden_at IS NULL
  ) r
  WHERE s.id = p_shark;
END $$;
--> statement-breakpoint
CREATE TRIGGER reviews_meta AFTER INSERT OR UPDATE OF rating, hidden_at, shark_id OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION shark_child_meta_trigger();
--> statement-breakpoint
UPDATE sharks SET avg_rating = NULL, review_count = 0, rating_score = NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS sharks_pub_rating_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS sharks_pub_spec_rating_idx;
--> statement-breakpoint
CREATE INDEX sharks_pub_rating_idx ON sharks (rating_score DESC NULLS LAST, name, id) WHERE published;
--> statement-breakpoint
CREATE INDEX sharks_pub_spec_rating_idx ON sharks (specialization, rating_score DESC NULLS LAST, name, id) WHERE published;
--> statement-breakpoint
CREATE INDEX reviews_shark_id_idx ON reviews (shark_id);
--> statement-breakpoint
CREATE OR REPLACE VIEW sharks_with_meta AS
  SELECT s.id, s.user_id, s.name, s.code_name, s.specialization, s.experience, s.bio, s.photo_url,
         (s.published AND NOT EXISTS (
           SELECT 1 FROM users u WHERE u.id = s.user_id AND u.suspended_at IS NOT NULL
         )) AS published,
         s.student_count, s.avg_rating, s.review_count, s.min_price,
         (SELECT count(*)::int FROM shark_credentials c
           WHERE c.shark_id = s.id AND c.status = 'verified') AS verified_credentials,
         s.rating_score
  FROM sharks s;
