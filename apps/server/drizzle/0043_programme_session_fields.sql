CREATE TABLE "programme_session_sponsors" (
	"session_id" text NOT NULL,
	"sponsor_id" text NOT NULL,
	"event_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "programme_session_sponsors_session_id_sponsor_id_pk" PRIMARY KEY("session_id","sponsor_id")
);
--> statement-breakpoint
CREATE TABLE "programme_session_tickets" (
	"session_id" text NOT NULL,
	"ticket_id" text NOT NULL,
	"event_id" text NOT NULL,
	CONSTRAINT "programme_session_tickets_session_id_ticket_id_pk" PRIMARY KEY("session_id","ticket_id")
);
--> statement-breakpoint
ALTER TABLE "programme_session_speakers" ADD COLUMN "role" text DEFAULT 'speaker' NOT NULL;--> statement-breakpoint
ALTER TABLE "programme_sessions" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "programme_sessions" ADD COLUMN "stream_url" text;--> statement-breakpoint
ALTER TABLE "programme_session_sponsors" ADD CONSTRAINT "programme_session_sponsors_session_id_programme_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."programme_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_session_sponsors" ADD CONSTRAINT "programme_session_sponsors_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_session_sponsors" ADD CONSTRAINT "programme_session_sponsors_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_session_tickets" ADD CONSTRAINT "programme_session_tickets_session_id_programme_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."programme_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_session_tickets" ADD CONSTRAINT "programme_session_tickets_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_session_tickets" ADD CONSTRAINT "programme_session_tickets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "programme_session_sponsors_event_idx" ON "programme_session_sponsors" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "programme_session_tickets_event_idx" ON "programme_session_tickets" USING btree ("event_id");