CREATE TABLE "mail_outbox_attachments" (
	"mail_id" text NOT NULL,
	"position" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"cid" text,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "mail_outbox_attachments_mail_id_position_pk" PRIMARY KEY("mail_id","position")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "event_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox_attachments" ADD CONSTRAINT "mail_outbox_attachments_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_org_created_idx" ON "mail_outbox" USING btree ("organisation_id","created_at");