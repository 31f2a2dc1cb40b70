CREATE TYPE "public"."practice_role" AS ENUM('admin', 'clinician', 'office', 'billing');--> statement-breakpoint
-- Every member so far could do everything in their practice: each becomes its practice admin.
ALTER TABLE "practice_members" ADD COLUMN "role" "practice_role" NOT NULL DEFAULT 'admin';--> statement-breakpoint
ALTER TABLE "practice_members" ALTER COLUMN "role" DROP DEFAULT;
