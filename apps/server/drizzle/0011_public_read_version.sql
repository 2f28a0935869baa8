-- The public registration read (GET /public/events/{id}/registration) is cached per event in every server process.
-- These triggers bump the event's version on any write to what that document shows: the event, its registration
-- settings (not the per-order registration counter), tickets, quotas, ticket-quota links, forms, and its
-- organisation's payment settings. A process checks the version with one indexed read per request, so an edit made
-- through any process, or straight in SQL, is seen at once. Seat usage is not versioned: it is read with the version.
CREATE TABLE "reg_public_versions" (
	"event_id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE "reg_public_version_seq";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pv_public_bump(ev text) RETURNS void LANGUAGE sql VOLATILE AS $$
  INSERT INTO reg_public_versions (event_id, version) VALUES (ev, nextval('reg_public_version_seq'))
  ON CONFLICT (event_id) DO UPDATE SET version = excluded.version
$$;
--> statement-breakpoint
-- TG_ARGV[0] names the row's event id column.
CREATE OR REPLACE FUNCTION pv_public_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM pv_public_bump(to_jsonb(OLD) ->> TG_ARGV[0]); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM pv_public_bump(to_jsonb(NEW) ->> TG_ARGV[0]); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pv_public_org_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reg_public_versions (event_id, version)
    SELECT e.id, nextval('reg_public_version_seq') FROM events e
    WHERE e.organisation_id IN ((to_jsonb(OLD) ->> 'organisation_id'), (to_jsonb(NEW) ->> 'organisation_id'))
  ON CONFLICT (event_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER pv_public_events AFTER INSERT OR UPDATE OR DELETE ON "events" FOR EACH ROW EXECUTE FUNCTION pv_public_changed('id');
--> statement-breakpoint
CREATE TRIGGER pv_public_tickets AFTER INSERT OR UPDATE OR DELETE ON "tickets" FOR EACH ROW EXECUTE FUNCTION pv_public_changed('event_id');
--> statement-breakpoint
CREATE TRIGGER pv_public_quotas AFTER INSERT OR UPDATE OR DELETE ON "quotas" FOR EACH ROW EXECUTE FUNCTION pv_public_changed('event_id');
--> statement-breakpoint
CREATE TRIGGER pv_public_ticket_quotas AFTER INSERT OR UPDATE OR DELETE ON "ticket_quotas" FOR EACH ROW EXECUTE FUNCTION pv_public_changed('event_id');
--> statement-breakpoint
CREATE TRIGGER pv_public_forms AFTER INSERT OR UPDATE OR DELETE ON "reg_forms" FOR EACH ROW EXECUTE FUNCTION pv_public_changed('event_id');
--> statement-breakpoint
CREATE TRIGGER pv_public_settings_write AFTER INSERT OR DELETE ON "reg_event_settings" FOR EACH ROW EXECUTE FUNCTION pv_public_changed('event_id');
--> statement-breakpoint
-- Every order bumps reg_counter; only the other columns are shown (or may be, later).
CREATE TRIGGER pv_public_settings_update AFTER UPDATE ON "reg_event_settings" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'reg_counter' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'reg_counter' - 'updated_at'))
  EXECUTE FUNCTION pv_public_changed('event_id');
--> statement-breakpoint
CREATE TRIGGER pv_public_payment_settings AFTER INSERT OR UPDATE OR DELETE ON "payment_settings" FOR EACH ROW EXECUTE FUNCTION pv_public_org_changed();
