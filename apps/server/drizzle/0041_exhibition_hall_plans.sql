CREATE TABLE "exhibition_hall_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"hall" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exhibition_hall_plans" ADD CONSTRAINT "exhibition_hall_plans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exhibition_hall_plans_event_hall_uq" ON "exhibition_hall_plans" USING btree ("event_id","hall");