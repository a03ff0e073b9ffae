ALTER TABLE "course_bookings" DROP CONSTRAINT "course_bookings_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "course_bookings" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "course_bookings" ADD CONSTRAINT "course_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;