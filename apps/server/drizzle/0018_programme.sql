CREATE TABLE "programme_bookings" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"session_id" text NOT NULL,
	"event_user_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"position" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programme_rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"name" text NOT NULL,
	"capacity" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programme_session_speakers" (
	"session_id" text NOT NULL,
	"speaker_id" text NOT NULL,
	"event_id" text NOT NULL,
	CONSTRAINT "programme_session_speakers_session_id_speaker_id_pk" PRIMARY KEY("session_id","speaker_id")
);
--> statement-breakpoint
CREATE TABLE "programme_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"title" text NOT NULL,
	"description_html" text DEFAULT '' NOT NULL,
	"session_type" text NOT NULL,
	"track_id" text,
	"room_id" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer,
	"booking_required" boolean DEFAULT false NOT NULL,
	"booked_count" integer DEFAULT 0 NOT NULL,
	"waitlist_seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programme_speakers" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"user_type" integer DEFAULT 5 NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programme_tracks" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"name" text NOT NULL,
	"colour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "programme_bookings" ADD CONSTRAINT "programme_bookings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_bookings" ADD CONSTRAINT "programme_bookings_session_id_programme_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."programme_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_rooms" ADD CONSTRAINT "programme_rooms_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_session_speakers" ADD CONSTRAINT "programme_session_speakers_session_id_programme_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."programme_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_session_speakers" ADD CONSTRAINT "programme_session_speakers_speaker_id_programme_speakers_id_fk" FOREIGN KEY ("speaker_id") REFERENCES "public"."programme_speakers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_session_speakers" ADD CONSTRAINT "programme_session_speakers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_sessions" ADD CONSTRAINT "programme_sessions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_sessions" ADD CONSTRAINT "programme_sessions_track_id_programme_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."programme_tracks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_sessions" ADD CONSTRAINT "programme_sessions_room_id_programme_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."programme_rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_speakers" ADD CONSTRAINT "programme_speakers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_tracks" ADD CONSTRAINT "programme_tracks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "programme_bookings_once_idx" ON "programme_bookings" USING btree ("session_id","event_user_id");--> statement-breakpoint
CREATE INDEX "programme_bookings_user_idx" ON "programme_bookings" USING btree ("event_id","event_user_id");--> statement-breakpoint
CREATE INDEX "programme_rooms_event_idx" ON "programme_rooms" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "programme_session_speakers_speaker_idx" ON "programme_session_speakers" USING btree ("speaker_id");--> statement-breakpoint
CREATE INDEX "programme_sessions_event_idx" ON "programme_sessions" USING btree ("event_id","starts_at");--> statement-breakpoint
CREATE INDEX "programme_sessions_room_idx" ON "programme_sessions" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "programme_speakers_event_idx" ON "programme_speakers" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "programme_tracks_event_idx" ON "programme_tracks" USING btree ("event_id");