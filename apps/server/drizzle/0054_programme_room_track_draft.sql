-- Versioned publishing, completed (issue 16): a room's capacity and the deletion of a room or track are the organiser's
-- draft. Rooms' published copies take their capacity as it is now (what attendees were shown until this migration).
ALTER TABLE "programme_rooms" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "programme_tracks" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
UPDATE "programme_rooms" SET "published" = "published" || jsonb_build_object('capacity', "capacity");
