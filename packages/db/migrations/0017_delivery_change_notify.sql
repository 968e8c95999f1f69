-- Instant purge of the translating proxy's memory across processes (ADR 0017): every change to
-- what a delivered page is made of (translations, URL slugs, delivery settings, domains, the
-- project's languages and settings) sends NOTIFY bhasha_delivery with the project id. Listeners
-- forget that project at once; the PROXY_REVALIDATE_MS re-check stays as the safety net.
-- Notifications are sent at commit and identical ones in a transaction are sent once, so a bulk
-- write (a machine translation batch) costs one statement-level trigger call, not one per row.
CREATE OR REPLACE FUNCTION bhasha_notify_delivery_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('bhasha_delivery', changed.project_id::text)
      FROM (SELECT DISTINCT project_id FROM old_rows) AS changed;
  ELSE
    PERFORM pg_notify('bhasha_delivery', changed.project_id::text)
      FROM (SELECT DISTINCT project_id FROM new_rows) AS changed;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bhasha_notify_delivery_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('bhasha_delivery', OLD.id::text);
  ELSE
    PERFORM pg_notify('bhasha_delivery', NEW.id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER translations_delivery_insert AFTER INSERT ON translations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bhasha_notify_delivery_rows();
--> statement-breakpoint
CREATE TRIGGER translations_delivery_update AFTER UPDATE ON translations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bhasha_notify_delivery_rows();
--> statement-breakpoint
CREATE TRIGGER translations_delivery_delete AFTER DELETE ON translations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bhasha_notify_delivery_rows();
--> statement-breakpoint
CREATE TRIGGER url_translations_delivery_insert AFTER INSERT ON url_translations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bhasha_notify_delivery_rows();
--> statement-breakpoint
CREATE TRIGGER url_translations_delivery_update AFTER UPDATE ON url_translations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bhasha_notify_delivery_rows();
--> statement-breakpoint
CREATE TRIGGER url_translations_delivery_delete AFTER DELETE ON url_translations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bhasha_notify_delivery_rows();
--> statement-breakpoint
CREATE TRIGGER delivery_settings_delivery_insert AFTER INSERT ON delivery_settings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bhasha_notify_delivery_rows();
--> statement-breakpoint
CREATE TRIGGER delivery_settings_delivery_update AFTER UPDATE ON delivery_settings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bhasha_notify_delivery_rows();
--> statement-breakpoint
CREATE TRIGGER project_domains_delivery_insert AFTER INSERT ON project_domains
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bhasha_notify_delivery_rows();
--> statement-breakpoint
CREATE TRIGGER project_domains_delivery_update AFTER UPDATE ON project_domains
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bhasha_notify_delivery_rows();
--> statement-breakpoint
CREATE TRIGGER project_domains_delivery_delete AFTER DELETE ON project_domains
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bhasha_notify_delivery_rows();
--> statement-breakpoint
-- Projects change often for other reasons (crawl progress, status): only what delivery reads counts.
CREATE TRIGGER projects_delivery_update AFTER UPDATE ON projects FOR EACH ROW
  WHEN (
    OLD.settings IS DISTINCT FROM NEW.settings
    OR OLD.target_languages IS DISTINCT FROM NEW.target_languages
    OR OLD.source_language IS DISTINCT FROM NEW.source_language
    OR OLD.type IS DISTINCT FROM NEW.type
    OR OLD.deleting_at IS DISTINCT FROM NEW.deleting_at
  )
  EXECUTE FUNCTION bhasha_notify_delivery_project();
--> statement-breakpoint
CREATE TRIGGER projects_delivery_delete AFTER DELETE ON projects FOR EACH ROW
  EXECUTE FUNCTION bhasha_notify_delivery_project();
