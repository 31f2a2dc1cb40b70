ALTER TABLE "ivrs" ADD COLUMN "information_requested_by" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "ivrs" ADD CONSTRAINT "ivrs_information_requested_by_user_id_fk" FOREIGN KEY ("information_requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Who asked, for IVRs asked before this was recorded: the staff member of each IVR's latest move to "needs information".
UPDATE "ivrs" SET "information_requested_by" = "asked"."user_id" FROM (
  SELECT DISTINCT ON ("h"."ivr_id") "h"."ivr_id", "u"."id" AS "user_id"
  FROM "ivr_history" "h" JOIN "user" "u" ON "u"."email" = "h"."actor_email"
  WHERE "h"."to_status" = 'needs_information'
  ORDER BY "h"."ivr_id", "h"."created_at" DESC
) "asked" WHERE "asked"."ivr_id" = "ivrs"."id";
