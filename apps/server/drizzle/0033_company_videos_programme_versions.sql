CREATE TABLE "programme_versions" (
	"event_id" text NOT NULL,
	"version" integer NOT NULL,
	"organisation_id" text NOT NULL,
	"published_by_user_id" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notified" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programme_versions_event_id_version_pk" PRIMARY KEY("event_id","version")
);
--> statement-breakpoint
CREATE TABLE "exhibition_company_videos" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"company_id" text NOT NULL,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibition_media_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"company_id" text NOT NULL,
	"analytics_type" integer NOT NULL,
	"action" integer NOT NULL,
	"item_id" text NOT NULL,
	"event_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "programme_sessions" ADD COLUMN "published_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "programme_sessions" ADD COLUMN "published_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "programme_sessions" ADD COLUMN "published_room_id" text;--> statement-breakpoint
ALTER TABLE "programme_sessions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "programme_versions" ADD CONSTRAINT "programme_versions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_company_videos" ADD CONSTRAINT "exhibition_company_videos_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_company_videos" ADD CONSTRAINT "exhibition_company_videos_company_id_exhibition_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."exhibition_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_media_actions" ADD CONSTRAINT "exhibition_media_actions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exhibition_company_videos_company_idx" ON "exhibition_company_videos" USING btree ("event_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exhibition_media_actions_once_uq" ON "exhibition_media_actions" USING btree ("item_id","action","event_user_id");--> statement-breakpoint
CREATE INDEX "exhibition_media_actions_company_idx" ON "exhibition_media_actions" USING btree ("event_id","company_id");--> statement-breakpoint
ALTER TABLE "programme_sessions" ADD CONSTRAINT "programme_sessions_published_room_id_programme_rooms_id_fk" FOREIGN KEY ("published_room_id") REFERENCES "public"."programme_rooms"("id") ON DELETE set null ON UPDATE no action;