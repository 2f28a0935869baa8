CREATE TABLE "programme_bookmarks" (
	"event_id" text NOT NULL,
	"session_id" text NOT NULL,
	"event_user_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programme_bookmarks_session_id_event_user_id_pk" PRIMARY KEY("session_id","event_user_id")
);
--> statement-breakpoint
CREATE TABLE "programme_session_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"event_user_id" text NOT NULL,
	"user_id" text NOT NULL,
	"requester_name" text NOT NULL,
	"requester_email" text NOT NULL,
	"kind" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description_html" text DEFAULT '' NOT NULL,
	"session_type" text,
	"track_id" text,
	"session_id" text,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"decided_by_user_id" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "programme_bookmarks" ADD CONSTRAINT "programme_bookmarks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_bookmarks" ADD CONSTRAINT "programme_bookmarks_session_id_programme_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."programme_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_session_requests" ADD CONSTRAINT "programme_session_requests_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_session_requests" ADD CONSTRAINT "programme_session_requests_track_id_programme_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."programme_tracks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_session_requests" ADD CONSTRAINT "programme_session_requests_session_id_programme_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."programme_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "programme_bookmarks_user_idx" ON "programme_bookmarks" USING btree ("event_id","event_user_id");--> statement-breakpoint
CREATE INDEX "programme_session_requests_event_idx" ON "programme_session_requests" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "programme_session_requests_user_idx" ON "programme_session_requests" USING btree ("event_id","event_user_id");