CREATE TABLE "programme_attendance_basis" (
	"event_id" text NOT NULL,
	"registration_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"scans" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"recount_at" timestamp with time zone,
	CONSTRAINT "programme_attendance_basis_event_id_registration_id_pk" PRIMARY KEY("event_id","registration_id")
);
--> statement-breakpoint
ALTER TABLE "programme_attendance_basis" ADD CONSTRAINT "programme_attendance_basis_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_attendance_basis" ADD CONSTRAINT "programme_attendance_basis_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "programme_attendance_basis_recount_idx" ON "programme_attendance_basis" USING btree ("recount_at") WHERE recount_at is not null;