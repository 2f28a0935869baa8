CREATE TABLE "refund_alert_mails" (
	"refund_id" text NOT NULL,
	"user_id" text NOT NULL,
	"event_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_alert_mails_refund_id_user_id_pk" PRIMARY KEY("refund_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "refund_alert_mails" ADD CONSTRAINT "refund_alert_mails_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;