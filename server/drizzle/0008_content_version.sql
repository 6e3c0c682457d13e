-- A per-person number that changes, in the same transaction, with anything the chapter list shows: the
-- chapters themselves (every column but the generation lease), their summary versions (text, warnings,
-- undo/redo) and their pictures. Message counts reach the chapter row through migration 0007's trigger.
-- The list's answer is cached under it (server/src/modules/conversations/list-cache.ts): a table that
-- comes to feed the list must bump it too. A restore (server/src/backup/backup.ts) puts every row back as
-- the backup has it, numbers included: it sets `chapitres.restoring` for its transaction, and nothing is
-- bumped meanwhile (a new process, nothing kept in memory yet).
ALTER TABLE "users" ADD COLUMN "content_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "bump_content_version"(person uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE "users" SET "content_version" = "content_version" + 1
    WHERE "id" = person AND coalesce(current_setting('chapitres.restoring', true), '') <> 'on'
$$;--> statement-breakpoint
CREATE FUNCTION "conversations_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_content_version"(NEW."user_id");
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "bump_content_version"(OLD."user_id");
  -- Taking or releasing the generation lease changes nothing shown.
  ELSIF (to_jsonb(OLD) - 'generating_until') IS DISTINCT FROM (to_jsonb(NEW) - 'generating_until') THEN
    PERFORM "bump_content_version"(NEW."user_id");
    IF OLD."user_id" IS DISTINCT FROM NEW."user_id" THEN PERFORM "bump_content_version"(OLD."user_id"); END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "conversations_content_version" AFTER INSERT OR UPDATE OR DELETE ON "conversations" FOR EACH ROW EXECUTE FUNCTION "conversations_content_version"();--> statement-breakpoint
-- Summary versions and pictures: the person who owns their chapter (none left when the chapter itself is
-- being deleted, whose own trigger bumped it).
CREATE FUNCTION "chapter_rows_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before_chapter uuid;
  after_chapter uuid;
BEGIN
  IF TG_OP <> 'INSERT' THEN before_chapter := OLD."conversation_id"; END IF;
  IF TG_OP <> 'DELETE' THEN after_chapter := NEW."conversation_id"; END IF;
  IF after_chapter IS NOT NULL THEN
    PERFORM "bump_content_version"(c."user_id") FROM "conversations" c WHERE c."id" = after_chapter;
  END IF;
  IF before_chapter IS NOT NULL AND before_chapter IS DISTINCT FROM after_chapter THEN
    PERFORM "bump_content_version"(c."user_id") FROM "conversations" c WHERE c."id" = before_chapter;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "summary_versions_content_version" AFTER INSERT OR UPDATE OR DELETE ON "summary_versions" FOR EACH ROW EXECUTE FUNCTION "chapter_rows_content_version"();--> statement-breakpoint
CREATE TRIGGER "images_content_version" AFTER INSERT OR UPDATE OR DELETE ON "images" FOR EACH ROW EXECUTE FUNCTION "chapter_rows_content_version"();
