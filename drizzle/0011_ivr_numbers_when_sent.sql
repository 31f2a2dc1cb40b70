CREATE SEQUENCE "public"."ivr_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "ivrs" ALTER COLUMN "number" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "ivrs" ALTER COLUMN "number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ivrs" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "ivrs_client_key_idx" ON "ivrs" USING btree ("created_by","client_key");--> statement-breakpoint
ALTER TABLE "ivrs" ADD CONSTRAINT "ivrs_numbered_when_sent" CHECK ("ivrs"."status" = 'draft' or "ivrs"."number" is not null);--> statement-breakpoint
-- Written by hand: an IVR takes its number from the sequence as it leaves draft,
-- whichever statement moves it (the lifecycle, a script, a test's seed), so every
-- IVR but a draft has one (the check above) and numbers only grow.
CREATE FUNCTION "ivrs_number_when_sent"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" <> 'draft' AND NEW."number" IS NULL THEN
    NEW."number" := nextval('ivr_number_seq');
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ivrs_number_when_sent" BEFORE INSERT OR UPDATE OF "status" ON "ivrs"
  FOR EACH ROW EXECUTE FUNCTION "ivrs_number_when_sent"();--> statement-breakpoint
-- Written by hand (data): every IVR already sent keeps its number. Drafts give theirs
-- back, since a draft has no number until it is sent; the sequence goes on after the
-- highest number ever given (a draft's included), so no number is given twice.
SELECT setval('ivr_number_seq', (SELECT coalesce(max("number"), 0) + 1 FROM "ivrs"), false);--> statement-breakpoint
UPDATE "ivrs" SET "number" = NULL WHERE "status" = 'draft';
