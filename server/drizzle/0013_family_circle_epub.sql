CREATE TABLE "chapter_words" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"text" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"printed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "circle_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"member_id" uuid,
	"email" text NOT NULL,
	"relation" text,
	"role" text NOT NULL,
	"invite_token_hash" text,
	"invite_expires_at" timestamp with time zone,
	"notify" text DEFAULT 'immediate' NOT NULL,
	"last_news_at" timestamp with time zone,
	"can_make_book" boolean DEFAULT false NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "circle_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"asker_id" uuid NOT NULL,
	"text" text NOT NULL,
	"conversation_id" uuid,
	"asked_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"asker_told_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "circle_releases" (
	"conversation_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_rhythms" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"weekday" integer NOT NULL,
	"by_email" boolean DEFAULT true NOT NULL,
	"by_push" boolean DEFAULT false NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suggested_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"contributor_id" uuid NOT NULL,
	"legend" text,
	"key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "origin" text DEFAULT 'photo' NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "contributed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "contributor_id" uuid;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "epub_key" text;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "epub_size" integer;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "epub_voice_key" text;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "epub_voice_size" integer;--> statement-breakpoint
ALTER TABLE "chapter_words" ADD CONSTRAINT "chapter_words_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_words" ADD CONSTRAINT "chapter_words_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_questions" ADD CONSTRAINT "circle_questions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_questions" ADD CONSTRAINT "circle_questions_asker_id_users_id_fk" FOREIGN KEY ("asker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_questions" ADD CONSTRAINT "circle_questions_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_releases" ADD CONSTRAINT "circle_releases_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_releases" ADD CONSTRAINT "circle_releases_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_rhythms" ADD CONSTRAINT "story_rhythms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggested_photos" ADD CONSTRAINT "suggested_photos_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggested_photos" ADD CONSTRAINT "suggested_photos_contributor_id_users_id_fk" FOREIGN KEY ("contributor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chapter_words_conversation_idx" ON "chapter_words" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "circle_members_owner_email_key" ON "circle_members" USING btree ("owner_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "circle_members_owner_member_key" ON "circle_members" USING btree ("owner_id","member_id") WHERE "circle_members"."member_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "circle_members_invite_key" ON "circle_members" USING btree ("invite_token_hash") WHERE "circle_members"."invite_token_hash" is not null;--> statement-breakpoint
CREATE INDEX "circle_members_member_idx" ON "circle_members" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "circle_questions_owner_idx" ON "circle_questions" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "suggested_photos_conversation_idx" ON "suggested_photos" USING btree ("conversation_id","created_at");--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_contributor_id_users_id_fk" FOREIGN KEY ("contributor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;