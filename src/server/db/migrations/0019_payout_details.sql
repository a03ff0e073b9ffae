CREATE TABLE "payout_details" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"upi_id_sealed" text,
	"upi_masked" text,
	"holder_name" text,
	"account_number_sealed" text,
	"account_last4" text,
	"ifsc" text,
	"pan_sealed" text NOT NULL,
	"pan_last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_details_method_check" CHECK (("payout_details"."method" = 'upi' AND "payout_details"."upi_id_sealed" IS NOT NULL AND "payout_details"."upi_masked" IS NOT NULL
        AND "payout_details"."holder_name" IS NULL AND "payout_details"."account_number_sealed" IS NULL AND "payout_details"."account_last4" IS NULL
        AND "payout_details"."ifsc" IS NULL)
      OR ("payout_details"."method" = 'bank' AND "payout_details"."upi_id_sealed" IS NULL AND "payout_details"."upi_masked" IS NULL
        AND "payout_details"."holder_name" IS NOT NULL AND "payout_details"."account_number_sealed" IS NOT NULL
        AND "payout_details"."account_last4" IS NOT NULL AND "payout_details"."ifsc" IS NOT NULL)),
	CONSTRAINT "payout_details_sealed_check" CHECK ("payout_details"."pan_sealed" LIKE 'v1.%' AND coalesce("payout_details"."upi_id_sealed", 'v1.') LIKE 'v1.%'
        AND coalesce("payout_details"."account_number_sealed", 'v1.') LIKE 'v1.%')
);
--> statement-breakpoint
ALTER TABLE "payout_details" ADD CONSTRAINT "payout_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;