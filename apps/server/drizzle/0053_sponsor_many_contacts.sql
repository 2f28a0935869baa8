CREATE TABLE "sponsor_contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"sponsor_id" text NOT NULL,
	"event_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"email" text NOT NULL,
	"user_id" text NOT NULL,
	"needs_password" boolean DEFAULT false NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "sponsors_event_contact_uq";--> statement-breakpoint
ALTER TABLE "sponsor_contacts" ADD CONSTRAINT "sponsor_contacts_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_contacts" ADD CONSTRAINT "sponsor_contacts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sponsor_contacts_event_user_uq" ON "sponsor_contacts" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "sponsor_contacts_sponsor_idx" ON "sponsor_contacts" USING btree ("sponsor_id","created_at");--> statement-breakpoint
-- Each sponsor's one contact so far becomes its first row here, acceptance and all.
INSERT INTO "sponsor_contacts" ("id", "sponsor_id", "event_id", "organisation_id", "email", "user_id", "needs_password", "invited_at", "accepted_at")
SELECT replace(gen_random_uuid()::text, '-', ''), "id", "event_id", "organisation_id", "contact_email", "contact_user_id", "contact_needs_password", coalesce("invited_at", "updated_at"), "accepted_at"
FROM "sponsors" WHERE "contact_user_id" IS NOT NULL AND "contact_email" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "sponsors" DROP COLUMN "contact_email";--> statement-breakpoint
ALTER TABLE "sponsors" DROP COLUMN "contact_user_id";--> statement-breakpoint
ALTER TABLE "sponsors" DROP COLUMN "contact_needs_password";--> statement-breakpoint
ALTER TABLE "sponsors" DROP COLUMN "invited_at";--> statement-breakpoint
ALTER TABLE "sponsors" DROP COLUMN "accepted_at";