CREATE TABLE "programme_session_attendance" (
	"session_id" text NOT NULL,
	"registration_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"scans" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "programme_session_attendance_session_id_registration_id_pk" PRIMARY KEY("session_id","registration_id")
);
--> statement-breakpoint
ALTER TABLE "programme_rooms" ADD COLUMN "checkin_area_id" text;--> statement-breakpoint
ALTER TABLE "programme_session_attendance" ADD CONSTRAINT "programme_session_attendance_session_id_programme_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."programme_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_session_attendance" ADD CONSTRAINT "programme_session_attendance_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_session_attendance" ADD CONSTRAINT "programme_session_attendance_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "programme_session_attendance_reg_idx" ON "programme_session_attendance" USING btree ("event_id","registration_id");--> statement-breakpoint
ALTER TABLE "programme_rooms" ADD CONSTRAINT "programme_rooms_checkin_area_id_checkin_areas_id_fk" FOREIGN KEY ("checkin_area_id") REFERENCES "public"."checkin_areas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "programme_rooms_checkin_area_idx" ON "programme_rooms" USING btree ("checkin_area_id");