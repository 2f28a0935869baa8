CREATE TABLE "discussion_tables" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"topic" text NOT NULL,
	"seats" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "table_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"table_id" text NOT NULL,
	"event_id" text NOT NULL,
	"from_event_user_id" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_seats" (
	"id" text PRIMARY KEY NOT NULL,
	"table_id" text NOT NULL,
	"event_id" text NOT NULL,
	"event_user_id" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "video_calls" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"channel" text NOT NULL,
	"caller_event_user_id" text NOT NULL,
	"callee_event_user_id" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer
);
--> statement-breakpoint
ALTER TABLE "discussion_tables" ADD CONSTRAINT "discussion_tables_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_messages" ADD CONSTRAINT "table_messages_table_id_discussion_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."discussion_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_messages" ADD CONSTRAINT "table_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_seats" ADD CONSTRAINT "table_seats_table_id_discussion_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."discussion_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_seats" ADD CONSTRAINT "table_seats_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_calls" ADD CONSTRAINT "video_calls_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_tables_event_idx" ON "discussion_tables" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "table_messages_table_idx" ON "table_messages" USING btree ("table_id","created_at");--> statement-breakpoint
CREATE INDEX "table_seats_table_idx" ON "table_seats" USING btree ("table_id");--> statement-breakpoint
CREATE INDEX "table_seats_event_user_idx" ON "table_seats" USING btree ("event_id","event_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "table_seats_open_idx" ON "table_seats" USING btree ("table_id","event_user_id") WHERE left_at is null;--> statement-breakpoint
CREATE INDEX "video_calls_event_started_idx" ON "video_calls" USING btree ("event_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "video_calls_live_channel_idx" ON "video_calls" USING btree ("event_id","channel") WHERE status in ('ringing', 'answered');