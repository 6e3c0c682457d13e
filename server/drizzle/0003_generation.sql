ALTER TABLE "conversations" ADD COLUMN "generating_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "summary_versions" ADD COLUMN "warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;