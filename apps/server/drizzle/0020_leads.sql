CREATE TABLE "exhibition_company_staff" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"company_id" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"company_id" text NOT NULL,
	"action" integer NOT NULL,
	"analytics_type" integer NOT NULL,
	"event_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"company_id" text NOT NULL,
	"registration_id" text NOT NULL,
	"kind" text NOT NULL,
	"visitor_name" text NOT NULL,
	"visitor_email" text NOT NULL,
	"by_event_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_questions" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"company_id" text NOT NULL,
	"label" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_scans" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"company_id" text NOT NULL,
	"registration_id" text NOT NULL,
	"staff_event_user_id" text NOT NULL,
	"nonce" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"company_id" text NOT NULL,
	"registration_id" text NOT NULL,
	"registration_no" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"ticket_name" text,
	"rating" text,
	"notes" text DEFAULT '' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"scanned_by_event_user_id" text NOT NULL,
	"scanned_by_name" text NOT NULL,
	"scan_count" integer DEFAULT 1 NOT NULL,
	"first_scanned_at" timestamp with time zone NOT NULL,
	"last_scanned_at" timestamp with time zone NOT NULL,
	"card_taken_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exhibition_company_staff" ADD CONSTRAINT "exhibition_company_staff_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_company_staff" ADD CONSTRAINT "exhibition_company_staff_company_id_exhibition_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."exhibition_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_actions" ADD CONSTRAINT "lead_actions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_cards" ADD CONSTRAINT "lead_cards_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_cards" ADD CONSTRAINT "lead_cards_company_id_exhibition_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."exhibition_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_questions" ADD CONSTRAINT "lead_questions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_questions" ADD CONSTRAINT "lead_questions_company_id_exhibition_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."exhibition_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_scans" ADD CONSTRAINT "lead_scans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_company_id_exhibition_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."exhibition_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exhibition_company_staff_event_email_uq" ON "exhibition_company_staff" USING btree ("event_id","email");--> statement-breakpoint
CREATE INDEX "exhibition_company_staff_company_idx" ON "exhibition_company_staff" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "lead_actions_event_company_idx" ON "lead_actions" USING btree ("event_id","company_id","action");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_cards_company_registration_kind_uq" ON "lead_cards" USING btree ("company_id","registration_id","kind");--> statement-breakpoint
CREATE INDEX "lead_cards_event_registration_idx" ON "lead_cards" USING btree ("event_id","registration_id");--> statement-breakpoint
CREATE INDEX "lead_questions_company_idx" ON "lead_questions" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_scans_staff_nonce_uq" ON "lead_scans" USING btree ("staff_event_user_id","nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_company_registration_uq" ON "leads" USING btree ("company_id","registration_id");--> statement-breakpoint
CREATE INDEX "leads_event_company_idx" ON "leads" USING btree ("event_id","company_id","last_scanned_at");