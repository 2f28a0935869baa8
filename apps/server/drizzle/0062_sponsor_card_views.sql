CREATE TABLE "sponsor_card_views" (
	"sponsor_id" text NOT NULL,
	"event_id" text NOT NULL,
	"day" text NOT NULL,
	"viewer" text NOT NULL,
	CONSTRAINT "sponsor_card_views_sponsor_id_day_viewer_pk" PRIMARY KEY("sponsor_id","day","viewer")
);
--> statement-breakpoint
ALTER TABLE "sponsor_card_views" ADD CONSTRAINT "sponsor_card_views_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE cascade ON UPDATE no action;