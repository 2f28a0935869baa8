CREATE TABLE "exhibition_staff_badge_settings" (
	"event_id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"ticket_id" text,
	"category_id" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_bag_mails" (
	"event_user_id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"is_opted_in" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"document_count" integer
);
--> statement-breakpoint
ALTER TABLE "exhibition_company_staff" ADD COLUMN "first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "exhibition_company_staff" ADD COLUMN "last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "exhibition_company_staff" ADD COLUMN "registration_id" text;--> statement-breakpoint
ALTER TABLE "exhibition_company_staff" ADD COLUMN "badge_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exhibition_company_staff" ADD COLUMN "badge_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exhibition_staff_badge_settings" ADD CONSTRAINT "exhibition_staff_badge_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_bag_mails" ADD CONSTRAINT "lead_bag_mails_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_bag_mails_owed_idx" ON "lead_bag_mails" USING btree ("event_id") WHERE is_opted_in and sent_at is null;