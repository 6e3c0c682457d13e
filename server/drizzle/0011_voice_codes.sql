-- The voice in the printed book (issue 20): whether a book prints voice codes, and each chapter's public
-- listening page (its token's SHA-256; deleting the row revokes every printed code).
CREATE TABLE "chapter_listen_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "voice_codes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chapter_listen_links" ADD CONSTRAINT "chapter_listen_links_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_listen_links" ADD CONSTRAINT "chapter_listen_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chapter_listen_links_conversation_key" ON "chapter_listen_links" USING btree ("conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chapter_listen_links_token_key" ON "chapter_listen_links" USING btree ("token_hash");