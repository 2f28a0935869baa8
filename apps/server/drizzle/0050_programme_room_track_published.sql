-- Versioned publishing of room names and track names and colours (issue 16): attendees see each room's and track's
-- published copy until the organiser publishes. Rooms and tracks from before it are published as they are.
ALTER TABLE "programme_rooms" ADD COLUMN "published" jsonb;--> statement-breakpoint
UPDATE "programme_rooms" SET "published" = jsonb_build_object('name', "name");--> statement-breakpoint
ALTER TABLE "programme_rooms" ALTER COLUMN "published" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "programme_tracks" ADD COLUMN "published" jsonb;--> statement-breakpoint
UPDATE "programme_tracks" SET "published" = jsonb_build_object('name', "name", 'colour', "colour");--> statement-breakpoint
ALTER TABLE "programme_tracks" ALTER COLUMN "published" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "programme_versions" ADD COLUMN "room_track_changes" jsonb DEFAULT '[]'::jsonb NOT NULL;
