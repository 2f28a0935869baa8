-- Versioned publishing of every attendee-visible session field (issue 16): each session's published copy besides its
-- time and room. Sessions from before it are published as they are (attendees saw these fields live).
ALTER TABLE "programme_sessions" ADD COLUMN "published" jsonb;--> statement-breakpoint
UPDATE "programme_sessions" s SET "published" = jsonb_build_object(
  'title', s."title",
  'descriptionHtml', s."description_html",
  'sessionType', s."session_type",
  'trackId', s."track_id",
  'capacity', s."capacity",
  'bookingRequired', s."booking_required",
  'tags', s."tags",
  'streamUrl', s."stream_url",
  'speakerIds', coalesce((SELECT jsonb_agg(p."speaker_id" ORDER BY p."speaker_id") FROM "programme_session_speakers" p WHERE p."session_id" = s."id" AND p."role" = 'speaker'), '[]'::jsonb),
  'moderatorIds', coalesce((SELECT jsonb_agg(p."speaker_id" ORDER BY p."speaker_id") FROM "programme_session_speakers" p WHERE p."session_id" = s."id" AND p."role" = 'moderator'), '[]'::jsonb),
  'sponsorIds', coalesce((SELECT jsonb_agg(x."sponsor_id" ORDER BY x."position", x."sponsor_id") FROM "programme_session_sponsors" x WHERE x."session_id" = s."id"), '[]'::jsonb),
  'ticketIds', coalesce((SELECT jsonb_agg(x."ticket_id" ORDER BY x."ticket_id") FROM "programme_session_tickets" x WHERE x."session_id" = s."id"), '[]'::jsonb)
);--> statement-breakpoint
ALTER TABLE "programme_sessions" ALTER COLUMN "published" SET NOT NULL;
