-- Every change to what the public reads is announced on the channel agency_read_cache, so that each API
-- process drops exactly the cached answers it changed: another process's write, a seed, or a person's SQL.
-- NOTIFY is delivered at commit, to every listening connection, and never for a rolled-back change.
CREATE FUNCTION "agency_announce_post_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tags text[] := ARRAY['posts:list:*'];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    tags := tags || ('posts:list:' || OLD.language::text) || ('post:' || OLD.slug);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    tags := tags || ('posts:list:' || NEW.language::text) || ('post:' || NEW.slug);
  END IF;
  PERFORM pg_notify('agency_read_cache', json_build_object('tags', tags)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "agency_announce_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('agency_read_cache', json_build_object('tags', TG_ARGV)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "posts_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "posts"
  FOR EACH ROW EXECUTE FUNCTION "agency_announce_post_change"();
--> statement-breakpoint
CREATE TRIGGER "posts_announce_truncate" AFTER TRUNCATE ON "posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "agency_announce_change"('*');
--> statement-breakpoint
CREATE TRIGGER "services_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "services"
  FOR EACH STATEMENT EXECUTE FUNCTION "agency_announce_change"('services');
--> statement-breakpoint
CREATE TRIGGER "service_translations_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_translations"
  FOR EACH STATEMENT EXECUTE FUNCTION "agency_announce_change"('services');
--> statement-breakpoint
CREATE TRIGGER "service_sections_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_sections"
  FOR EACH STATEMENT EXECUTE FUNCTION "agency_announce_change"('services');
--> statement-breakpoint
CREATE TRIGGER "service_section_translations_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_section_translations"
  FOR EACH STATEMENT EXECUTE FUNCTION "agency_announce_change"('services');
