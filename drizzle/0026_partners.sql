CREATE TYPE "public"."access_request_status" AS ENUM('pending', 'approved', 'declined');--> statement-breakpoint
CREATE TYPE "public"."partner_plan" AS ENUM('none', 'fixed', 'percentage');--> statement-breakpoint
ALTER TYPE "public"."user_role" ADD VALUE 'partner';--> statement-breakpoint
CREATE TABLE "access_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "access_requests_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" "access_request_status" DEFAULT 'pending' NOT NULL,
	"practice_name" text NOT NULL,
	"group_npi" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"phone" text NOT NULL,
	"contact_first_name" text NOT NULL,
	"contact_last_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text,
	"provider_count" integer NOT NULL,
	"specialties" text NOT NULL,
	"referral_code" text,
	"partner_id" uuid,
	"client_key" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"practice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_requests_number_unique" UNIQUE("number"),
	CONSTRAINT "access_requests_client_key_unique" UNIQUE("client_key")
);
--> statement-breakpoint
CREATE TABLE "brandings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practice_id" uuid,
	"partner_id" uuid,
	"accent_color" text,
	"logo" "bytea",
	"logo_type" text,
	"logo_width" integer,
	"logo_height" integer,
	"logo_sha256" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brandings_practice_id_unique" UNIQUE("practice_id"),
	CONSTRAINT "brandings_partner_id_unique" UNIQUE("partner_id"),
	CONSTRAINT "brandings_one_owner" CHECK (("brandings"."practice_id" is null) <> ("brandings"."partner_id" is null))
);
--> statement-breakpoint
CREATE TABLE "partner_practices" (
	"practice_id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"assigned_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"parent_id" uuid,
	"split_bps" integer,
	"plan" "partner_plan" DEFAULT 'none' NOT NULL,
	"monthly_fee_cents" integer,
	"percent_bps" integer,
	"plan_set_by" text,
	"plan_set_at" timestamp with time zone,
	"plan_risk_accepted_by" text,
	"plan_risk_accepted_at" timestamp with time zone,
	"submission_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "partners_code_unique" UNIQUE("code"),
	CONSTRAINT "partners_split_range" CHECK ("partners"."split_bps" is null or "partners"."split_bps" between 0 and 10000),
	CONSTRAINT "partners_percent_range" CHECK ("partners"."percent_bps" is null or "partners"."percent_bps" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "partner_id" uuid;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brandings" ADD CONSTRAINT "brandings_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brandings" ADD CONSTRAINT "brandings_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_practices" ADD CONSTRAINT "partner_practices_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_practices" ADD CONSTRAINT "partner_practices_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_parent_id_partners_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_requests_status_idx" ON "access_requests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "partner_practices_partner_idx" ON "partner_practices" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "partners_parent_idx" ON "partners" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;