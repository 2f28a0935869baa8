CREATE TABLE "exhibition_product_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"company_id" text NOT NULL,
	"product_id" text NOT NULL,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exhibition_product_documents" ADD CONSTRAINT "exhibition_product_documents_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_product_documents" ADD CONSTRAINT "exhibition_product_documents_company_id_exhibition_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."exhibition_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_product_documents" ADD CONSTRAINT "exhibition_product_documents_product_id_exhibition_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."exhibition_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exhibition_product_documents_product_idx" ON "exhibition_product_documents" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "exhibition_product_documents_company_idx" ON "exhibition_product_documents" USING btree ("event_id","company_id");