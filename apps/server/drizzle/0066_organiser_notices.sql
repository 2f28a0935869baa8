CREATE TABLE "organiser_notices" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"user_id" text NOT NULL,
	"event_id" text,
	"access_code" text,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "organiser_notices" ADD CONSTRAINT "organiser_notices_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organiser_notices_dedupe_uq" ON "organiser_notices" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "organiser_notices_inbox_idx" ON "organiser_notices" USING btree ("organisation_id","user_id","created_at");