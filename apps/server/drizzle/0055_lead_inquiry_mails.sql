CREATE TABLE "lead_inquiry_mails" (
	"answer_id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"inquiry_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_inquiry_mails" ADD CONSTRAINT "lead_inquiry_mails_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_inquiry_mails" ADD CONSTRAINT "lead_inquiry_mails_inquiry_id_lead_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."lead_inquiries"("id") ON DELETE cascade ON UPDATE no action;