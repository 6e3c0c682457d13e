-- Two counts the chapter list shows, kept on the chapter row by triggers in the transaction that changes
-- them (whoever writes the rows), instead of being computed for every chapter at every read.
ALTER TABLE "conversations" ADD COLUMN "summary_last_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "chat_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "conversations" c SET
  "chat_count" = (SELECT count(*)::int FROM "chat_messages" m WHERE m."conversation_id" = c."id"),
  "summary_last_version" = (SELECT coalesce(max(v."version"), 0) FROM "summary_versions" v WHERE v."conversation_id" = c."id");--> statement-breakpoint
CREATE FUNCTION "chat_messages_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  chapter uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN chapter := NEW."conversation_id"; ELSE chapter := OLD."conversation_id"; END IF;
  -- A count, not a +1: rows copied back with their count (a restore) stay exact. The chapter row is
  -- locked first, so that the count sees a message another transaction was adding at the same moment.
  PERFORM 1 FROM "conversations" WHERE "id" = chapter FOR UPDATE;
  UPDATE "conversations"
    SET "chat_count" = (SELECT count(*)::int FROM "chat_messages" m WHERE m."conversation_id" = chapter)
    WHERE "id" = chapter;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "chat_messages_count" AFTER INSERT OR DELETE ON "chat_messages" FOR EACH ROW EXECUTE FUNCTION "chat_messages_count"();--> statement-breakpoint
CREATE FUNCTION "summary_versions_last"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "conversations" SET "summary_last_version" = greatest("summary_last_version", NEW."version")
      WHERE "id" = NEW."conversation_id";
    RETURN NEW;
  END IF;
  UPDATE "conversations" SET "summary_last_version" = (
    SELECT coalesce(max(v."version"), 0) FROM "summary_versions" v WHERE v."conversation_id" = OLD."conversation_id"
  ) WHERE "id" = OLD."conversation_id";
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "summary_versions_last" AFTER INSERT OR DELETE ON "summary_versions" FOR EACH ROW EXECUTE FUNCTION "summary_versions_last"();
