DROP INDEX "submissions_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_patient_idx";--> statement-breakpoint
DROP INDEX "jobs_due_idx";--> statement-breakpoint
DROP INDEX "submissions_kind_status_idx";--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree (lower("actor_email"),"at");--> statement-breakpoint
CREATE INDEX "jobs_status_finished_idx" ON "jobs" USING btree ("status","finished_at","id");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_status_created_idx" ON "outbox" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "submissions_kind_created_idx" ON "submissions" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_patient_idx" ON "audit_log" USING btree ("patient_id","at","id");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","run_at","id");--> statement-breakpoint
CREATE INDEX "submissions_kind_status_idx" ON "submissions" USING btree ("kind","status","created_at","id");