DROP INDEX "company_credit_notes_invoice_uq";--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD COLUMN "credit_note_prefix" text DEFAULT 'CN-' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "by_user_id" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "by_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reference" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "company_credit_notes_invoice_idx" ON "company_credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_credit_notes_refund_uq" ON "company_credit_notes" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refunds_provider_ref_idx" ON "refunds" USING btree ("provider_ref");