CREATE TABLE "patient_search_terms" (
	"term" text NOT NULL,
	"patient_id" uuid NOT NULL,
	CONSTRAINT "patient_search_terms_term_patient_id_pk" PRIMARY KEY("term","patient_id")
);
--> statement-breakpoint
DROP INDEX "coverages_patient_rank_idx";--> statement-breakpoint
DROP INDEX "patients_practice_lookup_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "patient_id" uuid;--> statement-breakpoint
ALTER TABLE "coverages" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "coverages" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coverages" ADD COLUMN "replaced_by" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "number" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "patients_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "search_key_id" text;--> statement-breakpoint
ALTER TABLE "patient_search_terms" ADD CONSTRAINT "patient_search_terms_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_search_terms_patient_idx" ON "patient_search_terms" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "audit_log_patient_idx" ON "audit_log" USING btree ("patient_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "coverages_patient_rank_idx" ON "coverages" USING btree ("patient_id","rank") WHERE "coverages"."replaced_at" is null;--> statement-breakpoint
-- Data: a patient entered more than once in a practice (same lookup hash, which
-- concurrent entries allowed before this unique index) becomes one: the first
-- entered is kept, the IVRs and orders of the others point to it, and the
-- others go with their coverages.
WITH ranked AS (
  SELECT id, first_value(id) OVER (PARTITION BY practice_id, lookup_hash ORDER BY created_at, id) AS keep FROM patients
)
UPDATE "ivrs" SET patient_id = ranked.keep FROM ranked WHERE ranked.id <> ranked.keep AND "ivrs".patient_id = ranked.id;--> statement-breakpoint
WITH ranked AS (
  SELECT id, first_value(id) OVER (PARTITION BY practice_id, lookup_hash ORDER BY created_at, id) AS keep FROM patients
)
UPDATE "orders" SET patient_id = ranked.keep FROM ranked WHERE ranked.id <> ranked.keep AND "orders".patient_id = ranked.id;--> statement-breakpoint
WITH ranked AS (
  SELECT id, first_value(id) OVER (PARTITION BY practice_id, lookup_hash ORDER BY created_at, id) AS keep FROM patients
)
DELETE FROM "patients" USING ranked WHERE ranked.id <> ranked.keep AND "patients".id = ranked.id;--> statement-breakpoint
CREATE UNIQUE INDEX "patients_practice_lookup_idx" ON "patients" USING btree ("practice_id","lookup_hash");--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_number_unique" UNIQUE("number");--> statement-breakpoint
-- Data: a coverage's start is when it was last written; the audit rows already
-- written about a patient's records name that patient, so the patient's access
-- list includes them.
UPDATE "coverages" SET created_at = updated_at;--> statement-breakpoint
UPDATE "audit_log" a SET patient_id = p.id FROM "patients" p WHERE a.action LIKE 'patient.%' AND a.target = p.id::text;--> statement-breakpoint
UPDATE "audit_log" a SET patient_id = i.patient_id FROM "ivrs" i WHERE a.action LIKE 'ivr.%' AND a.target = i.id::text AND i.patient_id IS NOT NULL;--> statement-breakpoint
UPDATE "audit_log" a SET patient_id = o.patient_id FROM "orders" o WHERE a.action LIKE 'order.%' AND a.target = o.id::text;
