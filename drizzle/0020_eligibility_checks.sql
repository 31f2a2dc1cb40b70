CREATE TABLE "eligibility_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ivr_id" uuid NOT NULL,
	"coverage_id" uuid NOT NULL,
	"why" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"failure_reason" text,
	"raw_271_sealed" text,
	"summary_sealed" text,
	"attention" text,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ivrs" ADD COLUMN "eligibility_attention" smallint DEFAULT 9 NOT NULL;--> statement-breakpoint
ALTER TABLE "eligibility_checks" ADD CONSTRAINT "eligibility_checks_ivr_id_ivrs_id_fk" FOREIGN KEY ("ivr_id") REFERENCES "public"."ivrs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eligibility_checks" ADD CONSTRAINT "eligibility_checks_coverage_id_coverages_id_fk" FOREIGN KEY ("coverage_id") REFERENCES "public"."coverages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "eligibility_checks_in_flight_idx" ON "eligibility_checks" USING btree ("coverage_id") WHERE "eligibility_checks"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "eligibility_checks_ivr_idx" ON "eligibility_checks" USING btree ("ivr_id","created_at");--> statement-breakpoint
CREATE INDEX "ivrs_waiting_attention_idx" ON "ivrs" USING btree ("eligibility_attention","submitted_at","number") WHERE status in ('submitted', 'in_review', 'prior_auth_required', 'prior_auth_submitted') and eligibility_attention < 9;