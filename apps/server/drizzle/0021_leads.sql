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
CREATE TABLE "lead_bag_items" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"event_user_id" text NOT NULL,
	"document_id" text NOT NULL,
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
	"photo_content_type" text,
	"photo" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"company_id" text NOT NULL,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_by_event_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "lead_webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"company_id" text NOT NULL,
	"lead_id" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lead_webhooks" (
	"company_id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"url" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
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
ALTER TABLE "lead_bag_items" ADD CONSTRAINT "lead_bag_items_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_bag_items" ADD CONSTRAINT "lead_bag_items_document_id_lead_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."lead_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_cards" ADD CONSTRAINT "lead_cards_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_cards" ADD CONSTRAINT "lead_cards_company_id_exhibition_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."exhibition_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_documents" ADD CONSTRAINT "lead_documents_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_documents" ADD CONSTRAINT "lead_documents_company_id_exhibition_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."exhibition_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_inquiries" ADD CONSTRAINT "lead_inquiries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_inquiries" ADD CONSTRAINT "lead_inquiries_company_id_exhibition_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."exhibition_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_questions" ADD CONSTRAINT "lead_questions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_questions" ADD CONSTRAINT "lead_questions_company_id_exhibition_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."exhibition_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_scans" ADD CONSTRAINT "lead_scans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_webhook_deliveries" ADD CONSTRAINT "lead_webhook_deliveries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_webhook_deliveries" ADD CONSTRAINT "lead_webhook_deliveries_company_id_exhibition_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."exhibition_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_webhooks" ADD CONSTRAINT "lead_webhooks_company_id_exhibition_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."exhibition_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_webhooks" ADD CONSTRAINT "lead_webhooks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_company_id_exhibition_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."exhibition_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exhibition_company_staff_event_email_uq" ON "exhibition_company_staff" USING btree ("event_id","email");--> statement-breakpoint
CREATE INDEX "exhibition_company_staff_company_idx" ON "exhibition_company_staff" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "lead_actions_event_company_idx" ON "lead_actions" USING btree ("event_id","company_id","action");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_bag_items_owner_document_uq" ON "lead_bag_items" USING btree ("event_user_id","document_id");--> statement-breakpoint
CREATE INDEX "lead_bag_items_event_owner_idx" ON "lead_bag_items" USING btree ("event_id","event_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_cards_company_registration_kind_uq" ON "lead_cards" USING btree ("company_id","registration_id","kind");--> statement-breakpoint
CREATE INDEX "lead_cards_event_registration_idx" ON "lead_cards" USING btree ("event_id","registration_id");--> statement-breakpoint
CREATE INDEX "lead_documents_company_idx" ON "lead_documents" USING btree ("event_id","company_id");--> statement-breakpoint
CREATE INDEX "lead_inquiries_company_idx" ON "lead_inquiries" USING btree ("event_id","company_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_inquiries_asker_idx" ON "lead_inquiries" USING btree ("event_id","asker_event_user_id");--> statement-breakpoint
CREATE INDEX "lead_questions_company_idx" ON "lead_questions" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_scans_staff_nonce_uq" ON "lead_scans" USING btree ("staff_event_user_id","nonce");--> statement-breakpoint
CREATE INDEX "lead_webhook_deliveries_due_idx" ON "lead_webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "lead_webhook_deliveries_company_idx" ON "lead_webhook_deliveries" USING btree ("company_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_company_registration_uq" ON "leads" USING btree ("company_id","registration_id");--> statement-breakpoint
CREATE INDEX "leads_event_company_idx" ON "leads" USING btree ("event_id","company_id","last_scanned_at");