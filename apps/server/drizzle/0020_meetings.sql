CREATE TABLE "matchmaking_profiles" (
	"event_user_id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"user_id" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"interests" jsonb NOT NULL,
	"looking_for" jsonb NOT NULL,
	"offering" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_mails" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"meeting_id" text NOT NULL,
	"kind" text NOT NULL,
	"event_user_id" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_settings" (
	"event_id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"days" jsonb NOT NULL,
	"slot_minutes" integer NOT NULL,
	"lounge_tables" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"requester_event_user_id" text NOT NULL,
	"invitee_event_user_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place" integer NOT NULL,
	"mode" integer NOT NULL,
	"type" integer NOT NULL,
	"table_number" integer,
	"booth" text,
	"message" text DEFAULT '' NOT NULL,
	"status" integer NOT NULL,
	"response_status" integer NOT NULL,
	"created_by_user_id" text NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "matchmaking_profiles" ADD CONSTRAINT "matchmaking_profiles_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_mails" ADD CONSTRAINT "meeting_mails_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_settings" ADD CONSTRAINT "meeting_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "matchmaking_profiles_event_idx" ON "matchmaking_profiles" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_mails_once_idx" ON "meeting_mails" USING btree ("meeting_id","kind","event_user_id");--> statement-breakpoint
CREATE INDEX "meetings_event_start_idx" ON "meetings" USING btree ("event_id","starts_at");--> statement-breakpoint
CREATE INDEX "meetings_requester_idx" ON "meetings" USING btree ("event_id","requester_event_user_id");--> statement-breakpoint
CREATE INDEX "meetings_invitee_idx" ON "meetings" USING btree ("event_id","invitee_event_user_id");