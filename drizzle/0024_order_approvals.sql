ALTER TYPE "public"."order_status" ADD VALUE 'awaiting_approval' BEFORE 'submitted';--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "approve_all" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "approve_above_cents" integer;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "approve_stock" boolean DEFAULT false NOT NULL;