-- The voice kept (issue 20) — listening: a shared chapter's public page plays its recorded answers only when
-- the person chose so when sharing (off by default, and for every link made before).
ALTER TABLE "chapter_shares" ADD COLUMN "include_voice" boolean DEFAULT false NOT NULL;
