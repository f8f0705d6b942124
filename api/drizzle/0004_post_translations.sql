-- Written so that running it again changes nothing: it was first dated before 0003, so a database that had
-- 0003 skipped it; it is now dated after 0003, and databases that ran it already run it again harmlessly.
CREATE SEQUENCE IF NOT EXISTS "public"."post_translation_groups" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN IF NOT EXISTS "translation_group" integer;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "posts_translation_group_language_idx" ON "posts" USING btree ("translation_group","language");--> statement-breakpoint
-- A post's answer lists its translations (their slugs, titles and status): a write to one post of a link also
-- announces the other posts of its link, before and after the write, so every process drops their answers.
CREATE OR REPLACE FUNCTION "agency_announce_post_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tags text[] := ARRAY['posts:list:*'];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    tags := tags || ('posts:list:' || OLD.language::text) || ('post:' || OLD.slug);
    IF OLD.translation_group IS NOT NULL THEN
      tags := tags || ARRAY(
        SELECT 'post:' || p.slug FROM posts p WHERE p.translation_group = OLD.translation_group AND p.id <> OLD.id
      );
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    tags := tags || ('posts:list:' || NEW.language::text) || ('post:' || NEW.slug);
    IF NEW.translation_group IS NOT NULL THEN
      tags := tags || ARRAY(
        SELECT 'post:' || p.slug FROM posts p WHERE p.translation_group = NEW.translation_group AND p.id <> NEW.id
      );
    END IF;
  END IF;
  PERFORM pg_notify('agency_read_cache', json_build_object('tags', tags)::text);
  RETURN NULL;
END
$$;
