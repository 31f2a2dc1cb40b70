CREATE TABLE "education_resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"url" text,
	"file_name" text,
	"content_type" text,
	"size" integer,
	"sha256" text,
	"bytes" "bytea",
	"position" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"retired_by" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "education_resources_link_or_file" CHECK (("education_resources"."url" is null) <> ("education_resources"."bytes" is null))
);
--> statement-breakpoint
CREATE TABLE "library_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"built_in" text,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"description" text,
	"public" boolean DEFAULT false NOT NULL,
	"retired_at" timestamp with time zone,
	"retired_by" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_documents_built_in_unique" UNIQUE("built_in")
);
--> statement-breakpoint
CREATE TABLE "library_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"label" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"uploaded_by" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "library_versions" ADD CONSTRAINT "library_versions_document_id_library_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."library_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "education_resources_category_idx" ON "education_resources" USING btree ("category","position");--> statement-breakpoint
CREATE INDEX "library_documents_title_idx" ON "library_documents" USING btree ("title");--> statement-breakpoint
CREATE UNIQUE INDEX "library_versions_current_idx" ON "library_versions" USING btree ("document_id") WHERE superseded_at is null;--> statement-breakpoint
CREATE INDEX "library_versions_document_idx" ON "library_versions" USING btree ("document_id","uploaded_at");