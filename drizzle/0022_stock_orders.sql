ALTER TYPE "public"."order_status" ADD VALUE 'suggested' BEFORE 'submitted';--> statement-breakpoint
CREATE TABLE "par_levels" (
	"practice_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"product_slug" text NOT NULL,
	"length_mm" integer NOT NULL,
	"width_mm" integer NOT NULL,
	"par" integer NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "par_levels_practice_id_facility_id_product_slug_length_mm_width_mm_pk" PRIMARY KEY("practice_id","facility_id","product_slug","length_mm","width_mm")
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "ivr_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "patient_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reorder" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "holds_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "auto_reorder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "reorder_monthly_cents" integer;--> statement-breakpoint
ALTER TABLE "par_levels" ADD CONSTRAINT "par_levels_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "par_levels" ADD CONSTRAINT "par_levels_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_patient_or_stock" CHECK ("orders"."reorder" is not null or ("orders"."ivr_id" is not null and "orders"."patient_id" is not null));