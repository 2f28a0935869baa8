CREATE TABLE "programme_publish_mails" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"version" integer NOT NULL,
	"session_id" text NOT NULL,
	"event_user_id" text NOT NULL,
	"user_id" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "programme_publish_mails" ADD CONSTRAINT "programme_publish_mails_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_publish_mails" ADD CONSTRAINT "programme_publish_mails_version_fk" FOREIGN KEY ("event_id","version") REFERENCES "public"."programme_versions"("event_id","version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "programme_publish_mails_once" ON "programme_publish_mails" USING btree ("event_id","version","session_id","event_user_id");--> statement-breakpoint
CREATE INDEX "programme_publish_mails_owed_idx" ON "programme_publish_mails" USING btree ("claimed_at") WHERE sent_at is null and failed_at is null;