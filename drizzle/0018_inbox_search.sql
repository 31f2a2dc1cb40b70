-- Trigram indexes serve the inbox's search for any part of a name, email, organization or phone number.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "applications_phone_trgm_idx" ON "applications" USING gin ((regexp_replace("phone", '[^0-9]', '', 'g')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "callbacks_phone_trgm_idx" ON "callbacks" USING gin ((regexp_replace("phone", '[^0-9]', '', 'g')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "callbacks_text_idx" ON "callbacks" USING gin (to_tsvector('english', coalesce("additional_info", '')));--> statement-breakpoint
CREATE INDEX "contact_messages_company_trgm_idx" ON "contact_messages" USING gin ("company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_text_idx" ON "contact_messages" USING gin (to_tsvector('english', coalesce("message", '')));--> statement-breakpoint
CREATE INDEX "intakes_organization_trgm_idx" ON "intakes" USING gin ("organization" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "intakes_phone_trgm_idx" ON "intakes" USING gin ((regexp_replace("phone", '[^0-9]', '', 'g')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "intakes_text_idx" ON "intakes" USING gin (to_tsvector('english', coalesce("query", '')));--> statement-breakpoint
CREATE INDEX "submissions_person_trgm_idx" ON "submissions" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops);