-- The two triggers every answer to the biographer runs, made cheaper (issue 34): on PostgreSQL, storing
-- a message took 0.9–1.3 ms, most of it in them, where a read takes 50 µs.
--
-- A message's count is raised or lowered by one. The chapter's row is locked by the UPDATE itself, and
-- under READ COMMITTED a second transaction's UPDATE waits for it, then adds one to the row the first
-- left: two messages stored at once count two. Counting every message of the chapter again (0007) cost
-- more with every turn of a long chapter. A restore (`chapitres.restoring`) still counts: its rows come
-- back with the counts the backup holds, and a count stays exact whatever order they come in.
CREATE OR REPLACE FUNCTION "chat_messages_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  chapter uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN chapter := NEW."conversation_id"; ELSE chapter := OLD."conversation_id"; END IF;
  IF coalesce(current_setting('chapitres.restoring', true), '') = 'on' THEN
    PERFORM 1 FROM "conversations" WHERE "id" = chapter FOR UPDATE;
    UPDATE "conversations"
      SET "chat_count" = (SELECT count(*)::int FROM "chat_messages" m WHERE m."conversation_id" = chapter)
      WHERE "id" = chapter;
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE "conversations" SET "chat_count" = "chat_count" + 1 WHERE "id" = chapter;
  ELSE
    UPDATE "conversations" SET "chat_count" = greatest("chat_count" - 1, 0) WHERE "id" = chapter;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Whether a chapter's row changed in anything but its generation lease: when the lease is the same, the
-- rows' stored images are compared (`*<>`, no JSON built); only a change of lease builds the two JSON
-- documents to compare the rest, as 0008 did for every update.
CREATE OR REPLACE FUNCTION "conversations_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_content_version"(NEW."user_id");
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "bump_content_version"(OLD."user_id");
  -- (The CASE in parentheses: PL/pgSQL ends an IF's condition at the first THEN outside them.)
  ELSIF (CASE
      WHEN OLD."generating_until" IS NOT DISTINCT FROM NEW."generating_until" THEN OLD *<> NEW
      ELSE (to_jsonb(OLD) - 'generating_until') IS DISTINCT FROM (to_jsonb(NEW) - 'generating_until')
    END) THEN
    PERFORM "bump_content_version"(NEW."user_id");
    IF OLD."user_id" IS DISTINCT FROM NEW."user_id" THEN PERFORM "bump_content_version"(OLD."user_id"); END IF;
  END IF;
  RETURN NULL;
END
$$;
