CREATE TABLE "company_credit_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"number" text NOT NULL,
	"subtotal" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"via" text NOT NULL,
	"provider" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"payment_id" text NOT NULL,
	"refund_id" text NOT NULL,
	"by_user_id" text NOT NULL,
	"by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_invoice_tax" (
	"event_id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"tax_name" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_invoices" ADD COLUMN "tax_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_invoices" ADD COLUMN "tax_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_invoices" ADD COLUMN "tax_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_invoices" ADD COLUMN "paid_payment_id" text;--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD COLUMN "credit_note_counter" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_credit_notes" ADD CONSTRAINT "company_credit_notes_invoice_id_company_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."company_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_credit_notes_invoice_uq" ON "company_credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_credit_notes_org_number_uq" ON "company_credit_notes" USING btree ("organisation_id","number");