ALTER TABLE "books" ADD COLUMN "made_by" uuid;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "gift_for" uuid;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "book_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "bought_by" uuid;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "checkout_id" uuid;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_made_by_users_id_fk" FOREIGN KEY ("made_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_gift_for_users_id_fk" FOREIGN KEY ("gift_for") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_bought_by_users_id_fk" FOREIGN KEY ("bought_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_codes_checkout_key" ON "gift_codes" USING btree ("checkout_id");