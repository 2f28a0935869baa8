CREATE TABLE "company_invoice_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"invoice_id" text NOT NULL,
	"submission_id" text NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"tax" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"company_id" text NOT NULL,
	"company_name" text NOT NULL,
	"billing_email" text DEFAULT '' NOT NULL,
	"number" text NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"subtotal" integer DEFAULT 0 NOT NULL,
	"tax" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"paid_via" text,
	"paid_provider" text,
	"paid_method" text,
	"paid_reference" text,
	"paid_by_user_id" text,
	"paid_by_name" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "company_invoice_id" text;--> statement-breakpoint
ALTER TABLE "company_invoice_lines" ADD CONSTRAINT "company_invoice_lines_invoice_id_company_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."company_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_invoice_lines_submission_uq" ON "company_invoice_lines" USING btree ("submission_id","position");--> statement-breakpoint
CREATE INDEX "company_invoice_lines_invoice_idx" ON "company_invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_invoices_org_number_uq" ON "company_invoices" USING btree ("organisation_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "company_invoices_one_open_uq" ON "company_invoices" USING btree ("event_id","company_id","currency") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "company_invoices_event_company_idx" ON "company_invoices" USING btree ("event_id","company_id");