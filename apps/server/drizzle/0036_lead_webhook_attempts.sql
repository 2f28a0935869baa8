CREATE TABLE "lead_webhook_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"delivery_id" text NOT NULL,
	"company_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"http_status" integer,
	"outcome" text NOT NULL,
	"error" text,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_webhook_attempts" ADD CONSTRAINT "lead_webhook_attempts_delivery_id_lead_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."lead_webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_webhook_attempts_delivery_attempt_uq" ON "lead_webhook_attempts" USING btree ("delivery_id","attempt");