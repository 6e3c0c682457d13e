-- The voice kept (issue 20): whether a person keeps the sound of their spoken answers (null until asked),
-- and the recording of each such answer, one per message, counted towards the account's room.
ALTER TABLE "users" ADD COLUMN "record_answers" boolean;--> statement-breakpoint
CREATE TABLE "message_recordings" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"key" text NOT NULL,
	"mime_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_recordings" ADD CONSTRAINT "message_recordings_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recordings" ADD CONSTRAINT "message_recordings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recordings" ADD CONSTRAINT "message_recordings_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_recordings_user_idx" ON "message_recordings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "message_recordings_conversation_idx" ON "message_recordings" USING btree ("conversation_id");
