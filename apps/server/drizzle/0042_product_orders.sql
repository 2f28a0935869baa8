CREATE TABLE "exhibition_product_images" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"company_id" text NOT NULL,
	"product_id" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibition_product_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"company_id" text NOT NULL,
	"product_id" text,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"unit_price_cents" integer,
	"total_cents" integer,
	"status" text NOT NULL,
	"rejection_reason" text DEFAULT '' NOT NULL,
	"event_user_id" text NOT NULL,
	"user_id" text NOT NULL,
	"registration_id" text NOT NULL,
	"attendee_name" text NOT NULL,
	"attendee_email" text NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibition_staff_quota_rules" (
	"event_id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"bands" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "exhibition_media_actions_once_uq";--> statement-breakpoint
ALTER TABLE "exhibition_media_actions" ALTER COLUMN "event_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_documents" ALTER COLUMN "created_by_event_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "exhibition_media_actions" ADD COLUMN "day" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "exhibition_product_images" ADD CONSTRAINT "exhibition_product_images_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_product_images" ADD CONSTRAINT "exhibition_product_images_company_id_exhibition_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."exhibition_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_product_images" ADD CONSTRAINT "exhibition_product_images_product_id_exhibition_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."exhibition_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_product_orders" ADD CONSTRAINT "exhibition_product_orders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_product_orders" ADD CONSTRAINT "exhibition_product_orders_company_id_exhibition_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."exhibition_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_product_orders" ADD CONSTRAINT "exhibition_product_orders_product_id_exhibition_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."exhibition_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_staff_quota_rules" ADD CONSTRAINT "exhibition_staff_quota_rules_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exhibition_product_images_product_idx" ON "exhibition_product_images" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "exhibition_product_orders_company_idx" ON "exhibition_product_orders" USING btree ("event_id","company_id","created_at");--> statement-breakpoint
CREATE INDEX "exhibition_product_orders_attendee_idx" ON "exhibition_product_orders" USING btree ("event_id","event_user_id");--> statement-breakpoint
CREATE INDEX "exhibition_product_orders_product_idx" ON "exhibition_product_orders" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exhibition_media_actions_once_day_uq" ON "exhibition_media_actions" USING btree ("item_id","action","event_user_id","day");