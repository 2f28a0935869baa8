-- The matching index of an event (every matchmaking profile, prepared for ranking) is cached in each server process
-- and checked on every GET …/matchmaking/matches against the event's version here: one primary-key read instead of
-- an aggregate over all the event's profiles. These statement triggers set the version of every event whose profiles
-- an INSERT, UPDATE (an upsert fires both) or DELETE touched to the sequence's next value, in the writing transaction,
-- so a write by any process, or straight in SQL, is seen by every process's next read. A sequence value is never
-- handed out twice, so a changed version never equals a cached one. Events already deleted (a cascade) are skipped.
CREATE TABLE "matchmaking_versions" (
	"event_id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "matchmaking_versions" ADD CONSTRAINT "matchmaking_versions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE SEQUENCE "matchmaking_version_seq";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mm_version_bump(evs text[]) RETURNS void LANGUAGE sql VOLATILE AS $$
  INSERT INTO matchmaking_versions (event_id, version)
  SELECT e.id, nextval('matchmaking_version_seq') FROM events e WHERE e.id = ANY(evs)
  ON CONFLICT (event_id) DO UPDATE SET version = excluded.version
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mm_profiles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM mm_version_bump(ARRAY(SELECT DISTINCT event_id FROM mm_new));
  ELSIF TG_OP = 'DELETE' THEN PERFORM mm_version_bump(ARRAY(SELECT DISTINCT event_id FROM mm_old));
  ELSE PERFORM mm_version_bump(ARRAY(SELECT event_id FROM mm_old UNION SELECT event_id FROM mm_new));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER mm_profiles_insert AFTER INSERT ON "matchmaking_profiles" REFERENCING NEW TABLE AS mm_new FOR EACH STATEMENT EXECUTE FUNCTION mm_profiles_changed();
--> statement-breakpoint
CREATE TRIGGER mm_profiles_update AFTER UPDATE ON "matchmaking_profiles" REFERENCING OLD TABLE AS mm_old NEW TABLE AS mm_new FOR EACH STATEMENT EXECUTE FUNCTION mm_profiles_changed();
--> statement-breakpoint
CREATE TRIGGER mm_profiles_delete AFTER DELETE ON "matchmaking_profiles" REFERENCING OLD TABLE AS mm_old FOR EACH STATEMENT EXECUTE FUNCTION mm_profiles_changed();
--> statement-breakpoint
-- Events that already have profiles start at a version.
SELECT mm_version_bump(ARRAY(SELECT DISTINCT event_id FROM matchmaking_profiles));
