-- Versioned publishing (issue 16): sessions made before it are published as they are (attendees saw them so).
UPDATE "programme_sessions" SET "published_starts_at" = "starts_at", "published_ends_at" = "ends_at", "published_room_id" = "room_id" WHERE "published_starts_at" IS NULL;
