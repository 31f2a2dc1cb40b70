CREATE TYPE "public"."ivr_file_role" AS ENUM('card-front', 'card-back', 'clinical-notes', 'wound-photo');--> statement-breakpoint
CREATE TYPE "public"."ivr_status" AS ENUM('draft', 'submitted', 'in_review', 'needs_information', 'covered', 'prior_auth_required', 'prior_auth_submitted', 'prior_auth_approved', 'prior_auth_denied', 'not_covered', 'expired', 'cancelled');--> statement-breakpoint
CREATE TABLE "coverages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"rank" text NOT NULL,
	"payer_name" text NOT NULL,
	"payer_type" text NOT NULL,
	"member_id_sealed" text NOT NULL,
	"group_number_sealed" text,
	"subscriber_sealed" text,
	"payer_phone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ivr_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ivr_id" uuid NOT NULL,
	"role" "ivr_file_role" NOT NULL,
	"name_sealed" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"content_sealed" "bytea" NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ivr_followers" (
	"ivr_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "ivr_followers_ivr_id_user_id_pk" PRIMARY KEY("ivr_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "ivr_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ivr_id" uuid NOT NULL,
	"from_status" "ivr_status",
	"to_status" "ivr_status" NOT NULL,
	"actor_email" text,
	"note_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ivr_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ivr_id" uuid NOT NULL,
	"result_sealed" text NOT NULL,
	"verified_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ivrs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "ivrs_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"practice_id" uuid NOT NULL,
	"created_by" text,
	"status" "ivr_status" DEFAULT 'draft' NOT NULL,
	"request_type" text NOT NULL,
	"previous_ivr_id" uuid,
	"patient_id" uuid,
	"provider_id" uuid,
	"facility_id" uuid,
	"place_of_service" text,
	"date_of_service" date,
	"product_slug" text,
	"planned_applications" integer,
	"area_hundredths" integer,
	"cpt_codes" text,
	"clinical_sealed" text,
	"draft_sealed" text,
	"prior_auth_permission" boolean DEFAULT false NOT NULL,
	"attestation_signer_sealed" text,
	"attestation_version" text,
	"attested_at" timestamp with time zone,
	"attested_ip" text,
	"request_message_sealed" text,
	"valid_until" date,
	"authorised_applications" integer,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ivrs_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practice_id" uuid NOT NULL,
	"first_name_sealed" text NOT NULL,
	"last_name_sealed" text NOT NULL,
	"birth_date_sealed" text NOT NULL,
	"sex" text NOT NULL,
	"address_sealed" text NOT NULL,
	"phone_sealed" text,
	"lookup_hash" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coverages" ADD CONSTRAINT "coverages_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivr_files" ADD CONSTRAINT "ivr_files_ivr_id_ivrs_id_fk" FOREIGN KEY ("ivr_id") REFERENCES "public"."ivrs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivr_followers" ADD CONSTRAINT "ivr_followers_ivr_id_ivrs_id_fk" FOREIGN KEY ("ivr_id") REFERENCES "public"."ivrs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivr_followers" ADD CONSTRAINT "ivr_followers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivr_history" ADD CONSTRAINT "ivr_history_ivr_id_ivrs_id_fk" FOREIGN KEY ("ivr_id") REFERENCES "public"."ivrs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivr_verifications" ADD CONSTRAINT "ivr_verifications_ivr_id_ivrs_id_fk" FOREIGN KEY ("ivr_id") REFERENCES "public"."ivrs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivrs" ADD CONSTRAINT "ivrs_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivrs" ADD CONSTRAINT "ivrs_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivrs" ADD CONSTRAINT "ivrs_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivrs" ADD CONSTRAINT "ivrs_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivrs" ADD CONSTRAINT "ivrs_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coverages_patient_rank_idx" ON "coverages" USING btree ("patient_id","rank");--> statement-breakpoint
CREATE INDEX "ivr_files_ivr_idx" ON "ivr_files" USING btree ("ivr_id");--> statement-breakpoint
CREATE INDEX "ivr_history_ivr_idx" ON "ivr_history" USING btree ("ivr_id","created_at");--> statement-breakpoint
CREATE INDEX "ivr_verifications_ivr_idx" ON "ivr_verifications" USING btree ("ivr_id","created_at");--> statement-breakpoint
CREATE INDEX "ivrs_practice_status_idx" ON "ivrs" USING btree ("practice_id","status");--> statement-breakpoint
CREATE INDEX "ivrs_status_submitted_idx" ON "ivrs" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "patients_practice_lookup_idx" ON "patients" USING btree ("practice_id","lookup_hash");