CREATE TABLE "authorisation_reminders" (
	"ivr_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"ends_on" date NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "authorisation_reminders_ivr_id_subject_ends_on_days_before_pk" PRIMARY KEY("ivr_id","subject","ends_on","days_before")
);
--> statement-breakpoint
CREATE TABLE "prior_authorisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ivr_id" uuid NOT NULL,
	"number_sealed" text NOT NULL,
	"tracking_number_sealed" text,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"authorised_applications" integer,
	"product_slugs" text[] DEFAULT '{}'::text[] NOT NULL,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "authorisation_reminders" ADD CONSTRAINT "authorisation_reminders_ivr_id_ivrs_id_fk" FOREIGN KEY ("ivr_id") REFERENCES "public"."ivrs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prior_authorisations" ADD CONSTRAINT "prior_authorisations_ivr_id_ivrs_id_fk" FOREIGN KEY ("ivr_id") REFERENCES "public"."ivrs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prior_authorisations_current_idx" ON "prior_authorisations" USING btree ("ivr_id") WHERE "prior_authorisations"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "prior_authorisations_ivr_idx" ON "prior_authorisations" USING btree ("ivr_id","created_at");--> statement-breakpoint
CREATE INDEX "prior_authorisations_ending_idx" ON "prior_authorisations" USING btree ("valid_to") WHERE "prior_authorisations"."replaced_at" is null;