CREATE TABLE "meeting_proposals" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"meeting_id" text NOT NULL,
	"proposed_by_event_user_id" text,
	"proposed_by_user_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"table_number" integer,
	"booth" text,
	"status" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "meeting_proposals" ADD CONSTRAINT "meeting_proposals_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_proposals" ADD CONSTRAINT "meeting_proposals_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_proposals_event_start_idx" ON "meeting_proposals" USING btree ("event_id","starts_at");--> statement-breakpoint
CREATE INDEX "meeting_proposals_meeting_idx" ON "meeting_proposals" USING btree ("meeting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_proposals_one_open_idx" ON "meeting_proposals" USING btree ("meeting_id") WHERE status = 0;