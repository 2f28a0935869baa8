CREATE TABLE "programme_speaker_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "programme_speakers" ADD COLUMN "photo_id" text;--> statement-breakpoint
ALTER TABLE "programme_speakers" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "programme_speakers" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "programme_speakers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "programme_speaker_photos" ADD CONSTRAINT "programme_speaker_photos_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "programme_speaker_photos_event_idx" ON "programme_speaker_photos" USING btree ("event_id");--> statement-breakpoint
ALTER TABLE "programme_speakers" ADD CONSTRAINT "programme_speakers_photo_id_programme_speaker_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."programme_speaker_photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "programme_speakers_account_idx" ON "programme_speakers" USING btree ("event_id","user_id") WHERE user_id is not null;