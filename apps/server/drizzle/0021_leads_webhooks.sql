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
ALTER TABLE "lead_webhook_deliveries" ADD CONSTRAINT "lead_webhook_deliveries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_webhook_deliveries" ADD CONSTRAINT "lead_webhook_deliveries_company_id_exhibition_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."exhibition_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_webhooks" ADD CONSTRAINT "lead_webhooks_company_id_exhibition_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."exhibition_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_webhooks" ADD CONSTRAINT "lead_webhooks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_webhook_deliveries_due_idx" ON "lead_webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "lead_webhook_deliveries_company_idx" ON "lead_webhook_deliveries" USING btree ("company_id","status");