CREATE TABLE "eposter_files" (
	"poster_id" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eposters" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"title" text NOT NULL,
	"topic" text NOT NULL,
	"authors" jsonb NOT NULL,
	"abstract" text DEFAULT '' NOT NULL,
	"session_id" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"file_version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "eposter_files" ADD CONSTRAINT "eposter_files_poster_id_eposters_id_fk" FOREIGN KEY ("poster_id") REFERENCES "public"."eposters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eposters" ADD CONSTRAINT "eposters_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eposters_event_idx" ON "eposters" USING btree ("event_id","title");