DROP INDEX "orders_status_created_idx";--> statement-breakpoint
CREATE INDEX "coverages_patient_idx" ON "coverages" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "invoices_practice_number_idx" ON "invoices" USING btree ("practice_id","number");--> statement-breakpoint
CREATE INDEX "ivrs_practice_updated_idx" ON "ivrs" USING btree ("practice_id","updated_at");--> statement-breakpoint
CREATE INDEX "ivrs_submitted_idx" ON "ivrs" USING btree ("submitted_at","number");--> statement-breakpoint
CREATE INDEX "ivrs_patient_idx" ON "ivrs" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "order_units_order_idx" ON "order_units" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "orders_practice_updated_idx" ON "orders" USING btree ("practice_id","updated_at");--> statement-breakpoint
CREATE INDEX "orders_status_updated_idx" ON "orders" USING btree ("status","updated_at","number");--> statement-breakpoint
CREATE INDEX "orders_updated_idx" ON "orders" USING btree ("updated_at","number");--> statement-breakpoint
CREATE INDEX "orders_patient_idx" ON "orders" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "submissions_created_id_idx" ON "submissions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "submissions_status_created_idx" ON "submissions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "user_email_lower_idx" ON "user" USING btree (lower("email"));