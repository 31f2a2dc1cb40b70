ALTER TABLE "submissions" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_client_key_idx" ON "submissions" USING btree ("client_key");