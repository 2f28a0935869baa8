CREATE TABLE "checkin_device_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkin_devices" ADD COLUMN "group_id" text;--> statement-breakpoint
ALTER TABLE "checkin_device_groups" ADD CONSTRAINT "checkin_device_groups_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_device_groups_name_uq" ON "checkin_device_groups" USING btree ("event_id",lower("name"));--> statement-breakpoint
ALTER TABLE "checkin_devices" ADD CONSTRAINT "checkin_devices_group_id_checkin_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."checkin_device_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkin_devices_group_idx" ON "checkin_devices" USING btree ("group_id");