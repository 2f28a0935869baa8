CREATE TABLE "sponsor_list_views" (
	"event_id" text NOT NULL,
	"day" text NOT NULL,
	"viewer" text NOT NULL,
	CONSTRAINT "sponsor_list_views_event_id_day_viewer_pk" PRIMARY KEY("event_id","day","viewer")
);
--> statement-breakpoint
CREATE TABLE "sponsor_visits" (
	"sponsor_id" text NOT NULL,
	"event_id" text NOT NULL,
	"day" text NOT NULL,
	"viewer" text NOT NULL,
	CONSTRAINT "sponsor_visits_sponsor_id_day_viewer_pk" PRIMARY KEY("sponsor_id","day","viewer")
);
--> statement-breakpoint
ALTER TABLE "sponsors" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "sponsors" ADD COLUMN "contact_user_id" text;--> statement-breakpoint
ALTER TABLE "sponsors" ADD COLUMN "contact_needs_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sponsors" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sponsors" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sponsor_list_views" ADD CONSTRAINT "sponsor_list_views_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_visits" ADD CONSTRAINT "sponsor_visits_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sponsors_event_contact_uq" ON "sponsors" USING btree ("event_id","contact_user_id");