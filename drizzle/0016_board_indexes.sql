DROP INDEX "ivrs_practice_status_idx";--> statement-breakpoint
DROP INDEX "ivrs_status_submitted_idx";--> statement-breakpoint
DROP INDEX "ivrs_practice_updated_idx";--> statement-breakpoint
DROP INDEX "ivrs_patient_idx";--> statement-breakpoint
DROP INDEX "orders_practice_status_idx";--> statement-breakpoint
DROP INDEX "orders_practice_updated_idx";--> statement-breakpoint
CREATE INDEX "ivrs_practice_submitted_idx" ON "ivrs" USING btree ("practice_id","submitted_at","number");--> statement-breakpoint
CREATE INDEX "ivrs_asked_idx" ON "ivrs" USING btree ("information_requested_by") WHERE "ivrs"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX "ivrs_orderable_idx" ON "ivrs" USING btree ("practice_id","valid_until","number") WHERE "ivrs"."status" in ('covered', 'prior_auth_approved');--> statement-breakpoint
CREATE INDEX "ivrs_practice_status_idx" ON "ivrs" USING btree ("practice_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "ivrs_status_submitted_idx" ON "ivrs" USING btree ("status","submitted_at","number");--> statement-breakpoint
CREATE INDEX "ivrs_practice_updated_idx" ON "ivrs" USING btree ("practice_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "ivrs_patient_idx" ON "ivrs" USING btree ("patient_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "orders_practice_status_idx" ON "orders" USING btree ("practice_id","status","updated_at","number");--> statement-breakpoint
CREATE INDEX "orders_practice_updated_idx" ON "orders" USING btree ("practice_id","updated_at","id");