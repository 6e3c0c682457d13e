ALTER TABLE "checkout_sessions" ADD COLUMN "book_title" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "page_count" integer;