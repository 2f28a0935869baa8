CREATE TABLE "lead_bag_items" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"event_user_id" text NOT NULL,
	"document_id" text NOT NULL,
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
ALTER TABLE "lead_bag_items" ADD CONSTRAINT "lead_bag_items_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_bag_items" ADD CONSTRAINT "lead_bag_items_document_id_lead_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."lead_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_documents" ADD CONSTRAINT "lead_documents_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_documents" ADD CONSTRAINT "lead_documents_company_id_exhibition_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."exhibition_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_bag_items_owner_document_uq" ON "lead_bag_items" USING btree ("event_user_id","document_id");--> statement-breakpoint
CREATE INDEX "lead_bag_items_event_owner_idx" ON "lead_bag_items" USING btree ("event_id","event_user_id");--> statement-breakpoint
CREATE INDEX "lead_documents_company_idx" ON "lead_documents" USING btree ("event_id","company_id");