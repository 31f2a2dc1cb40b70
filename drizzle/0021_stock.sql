CREATE TYPE "public"."unit_disposition" AS ENUM('applied', 'returned', 'damaged', 'expired');--> statement-breakpoint
CREATE TABLE "graft_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "graft_applications_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"practice_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"ivr_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"applied_on" date NOT NULL,
	"wound_sealed" text NOT NULL,
	"applied_hundredths" integer NOT NULL,
	"discarded_hundredths" integer NOT NULL,
	"discard_reason_sealed" text,
	"claim_sealed" text NOT NULL,
	"signer_name" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "graft_applications_number_unique" UNIQUE("number"),
	CONSTRAINT "graft_applications_unit_id_unique" UNIQUE("unit_id")
);
--> statement-breakpoint
CREATE TABLE "recalls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "recalls_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"by" text NOT NULL,
	"value" text NOT NULL,
	"reason" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recalls_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "order_units" ADD COLUMN "practice_id" uuid;--> statement-breakpoint
ALTER TABLE "order_units" ADD COLUMN "facility_id" uuid;--> statement-breakpoint
ALTER TABLE "order_units" ADD COLUMN "product_slug" text;--> statement-breakpoint
ALTER TABLE "order_units" ADD COLUMN "length_mm" integer;--> statement-breakpoint
ALTER TABLE "order_units" ADD COLUMN "width_mm" integer;--> statement-breakpoint
ALTER TABLE "order_units" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "order_units" ADD COLUMN "lot" text;--> statement-breakpoint
ALTER TABLE "order_units" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "order_units" ADD COLUMN "stocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_units" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_units" ADD COLUMN "received_by" text;--> statement-breakpoint
ALTER TABLE "order_units" ADD COLUMN "disposition" "unit_disposition";--> statement-breakpoint
ALTER TABLE "order_units" ADD COLUMN "disposed_on" date;--> statement-breakpoint
ALTER TABLE "order_units" ADD COLUMN "disposed_by" text;--> statement-breakpoint
ALTER TABLE "order_units" ADD COLUMN "disposition_note_sealed" text;--> statement-breakpoint
ALTER TABLE "order_units" ADD COLUMN "recall_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_problems" jsonb;--> statement-breakpoint
-- Units shipped before this release: their practice, facility, product and size from their order and line; stock once delivered.
UPDATE "order_units" u SET "practice_id" = o."practice_id", "facility_id" = o."facility_id", "product_slug" = o."product_slug", "length_mm" = l."length_mm", "width_mm" = l."width_mm", "stocked_at" = CASE WHEN o."status" IN ('delivered', 'invoiced', 'paid') THEN coalesce(o."delivered_at", o."updated_at") END FROM "orders" o, "order_lines" l WHERE o."id" = u."order_id" AND l."id" = u."line_id";--> statement-breakpoint
ALTER TABLE "order_units" ALTER COLUMN "practice_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_units" ALTER COLUMN "facility_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_units" ALTER COLUMN "product_slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_units" ALTER COLUMN "length_mm" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_units" ALTER COLUMN "width_mm" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "graft_applications" ADD CONSTRAINT "graft_applications_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graft_applications" ADD CONSTRAINT "graft_applications_unit_id_order_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."order_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graft_applications" ADD CONSTRAINT "graft_applications_ivr_id_ivrs_id_fk" FOREIGN KEY ("ivr_id") REFERENCES "public"."ivrs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graft_applications" ADD CONSTRAINT "graft_applications_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graft_applications" ADD CONSTRAINT "graft_applications_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "graft_applications_ivr_idx" ON "graft_applications" USING btree ("ivr_id","applied_on");--> statement-breakpoint
CREATE INDEX "graft_applications_practice_idx" ON "graft_applications" USING btree ("practice_id","applied_on");--> statement-breakpoint
ALTER TABLE "order_units" ADD CONSTRAINT "order_units_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_units" ADD CONSTRAINT "order_units_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_units" ADD CONSTRAINT "order_units_recall_id_recalls_id_fk" FOREIGN KEY ("recall_id") REFERENCES "public"."recalls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_units_stock_idx" ON "order_units" USING btree ("practice_id","expires_on") WHERE stocked_at is not null and disposition is null;--> statement-breakpoint
CREATE INDEX "order_units_lot_idx" ON "order_units" USING btree ("lot");--> statement-breakpoint
CREATE INDEX "order_units_gtin_idx" ON "order_units" USING btree ("gtin");--> statement-breakpoint
CREATE INDEX "order_units_recall_idx" ON "order_units" USING btree ("recall_id");