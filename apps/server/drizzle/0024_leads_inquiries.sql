CREATE TABLE "lead_inquiries" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"company_id" text NOT NULL,
	"product_id" text,
	"product_name" text,
	"asker_event_user_id" text NOT NULL,
	"asker_name" text NOT NULL,
	"asker_email" text NOT NULL,
	"message" text NOT NULL,
	"answer" text,
	"answered_by_name" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lead_inquiries" ADD CONSTRAINT "lead_inquiries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_inquiries" ADD CONSTRAINT "lead_inquiries_company_id_exhibition_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."exhibition_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_inquiries_company_idx" ON "lead_inquiries" USING btree ("event_id","company_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_inquiries_asker_idx" ON "lead_inquiries" USING btree ("event_id","asker_event_user_id");