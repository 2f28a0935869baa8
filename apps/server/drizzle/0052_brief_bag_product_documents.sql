ALTER TABLE "lead_bag_items" ALTER COLUMN "document_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_bag_items" ADD COLUMN "product_document_id" text;--> statement-breakpoint
ALTER TABLE "lead_bag_items" ADD CONSTRAINT "lead_bag_items_product_document_id_exhibition_product_documents_id_fk" FOREIGN KEY ("product_document_id") REFERENCES "public"."exhibition_product_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_bag_items_owner_product_document_uq" ON "lead_bag_items" USING btree ("event_user_id","product_document_id");--> statement-breakpoint
ALTER TABLE "lead_bag_items" ADD CONSTRAINT "lead_bag_items_one_document_ck" CHECK (num_nonnulls("lead_bag_items"."document_id", "lead_bag_items"."product_document_id") = 1);