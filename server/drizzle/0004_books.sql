CREATE TABLE "books" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"author" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text NOT NULL,
	"summary" text NOT NULL,
	"dedication" text,
	"conversation_ids" jsonb NOT NULL,
	"front_cover" jsonb,
	"portrait" jsonb,
	"large_print" boolean DEFAULT false NOT NULL,
	"language" text NOT NULL,
	"generation_status" text DEFAULT 'ongoing' NOT NULL,
	"generation_error" text,
	"page_count" integer,
	"interior_key" text,
	"web_key" text,
	"cover_key" text,
	"cover_preview_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "full_access_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "books_user_created_idx" ON "books" USING btree ("user_id","created_at");