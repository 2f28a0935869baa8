CREATE TABLE "order_credit_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"order_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"number" text NOT NULL,
	"subtotal" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"provider" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"payment_id" text NOT NULL,
	"refund_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "currency" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_credit_notes" ADD CONSTRAINT "order_credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_credit_notes_order_idx" ON "order_credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_credit_notes_refund_uq" ON "order_credit_notes" USING btree ("refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_credit_notes_org_number_uq" ON "order_credit_notes" USING btree ("organisation_id","number");--> statement-breakpoint
-- Invoices issued before this migration: what they bill, from their orders (paid orders' totals never change).
UPDATE "invoices" AS i SET "total" = o."total", "tax" = o."tax", "currency" = o."currency" FROM "orders" AS o WHERE o."id" = i."order_id";
