CREATE TABLE "certificate_mail_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"created_by" text,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate_mail_recipients" (
	"id" text PRIMARY KEY NOT NULL,
	"batch_id" text NOT NULL,
	"certificate_id" text NOT NULL,
	"email" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "certificate_mail_batches" ADD CONSTRAINT "certificate_mail_batches_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_mail_recipients" ADD CONSTRAINT "certificate_mail_recipients_batch_id_certificate_mail_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."certificate_mail_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_mail_recipients" ADD CONSTRAINT "certificate_mail_recipients_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_mail_batches_event_idx" ON "certificate_mail_batches" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "certificate_mail_recipients_batch_idx" ON "certificate_mail_recipients" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "certificate_mail_recipients_cert_idx" ON "certificate_mail_recipients" USING btree ("certificate_id");--> statement-breakpoint
CREATE INDEX "certificate_mail_recipients_owed_idx" ON "certificate_mail_recipients" USING btree ("claimed_at") WHERE sent_at is null and failed_at is null;