CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text NOT NULL,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ivrs" ADD COLUMN "prior_auth_from" date;--> statement-breakpoint
ALTER TABLE "ivrs" ADD COLUMN "prior_auth_to" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "over_order_reason_sealed" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "practice_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "facility_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_to" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "product_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_on" date;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","created_at");--> statement-breakpoint
-- Data: what existing orders were placed with, taken from the practice, the facility and the
-- catalogue as they stand now (the nearest there is to the day they were placed); then the
-- snapshot columns are required of every order.
UPDATE "orders" o SET
	"practice_name" = p."name",
	"facility_name" = f."name",
	"ship_to" = jsonb_build_object(
		'addressLine1', f."address_line1", 'addressLine2', f."address_line2", 'city', f."city",
		'state', f."state", 'zip', f."zip", 'phone', f."phone"),
	"product_name" = CASE o."product_slug"
		WHEN 'amnioamp-mp' THEN 'AmnioAmp-MP'
		WHEN 'membrane-wrap' THEN 'Membrane Wrap'
		WHEN 'membrane-wrap-hydro' THEN 'Membrane Wrap Hydro'
		WHEN 'tri-membrane-wrap' THEN 'Tri-Membrane Wrap'
		WHEN 'xcell-amnio' THEN 'Xcell Amnio'
		WHEN 'amniomaxx' THEN 'AmnioMaxx'
		WHEN 'derm-maxx' THEN 'Derm Maxx'
		WHEN 'simplimax' THEN 'Simplimax'
		WHEN 'amchoplast' THEN 'Amchoplast'
		ELSE o."product_slug" END
FROM "practices" p, "facilities" f
WHERE p."id" = o."practice_id" AND f."id" = o."facility_id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "practice_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "facility_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "ship_to" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "product_name" SET NOT NULL;--> statement-breakpoint
-- Data: a delivered order's day of delivery is the day it was marked delivered (UTC).
UPDATE "orders" SET "delivered_on" = ("delivered_at" AT TIME ZONE 'UTC')::date WHERE "delivered_at" IS NOT NULL;--> statement-breakpoint
-- Data: an invoice already paid was paid in full by the one payment it records.
UPDATE "invoices" SET "paid_cents" = "total_cents" WHERE "paid_on" IS NOT NULL;--> statement-breakpoint
INSERT INTO "invoice_payments" ("invoice_id", "amount_cents", "paid_on", "reference", "recorded_by", "created_at")
SELECT "id", "total_cents", "paid_on", coalesce("payment_reference", ''), "payment_recorded_by", "created_at" FROM "invoices" WHERE "paid_on" IS NOT NULL;
