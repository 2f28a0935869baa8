CREATE TABLE "chat_blocks" (
	"event_id" text NOT NULL,
	"blocker_event_user_id" text NOT NULL,
	"blocked_event_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_blocks_blocker_event_user_id_blocked_event_user_id_pk" PRIMARY KEY("blocker_event_user_id","blocked_event_user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"reporter_event_user_id" text NOT NULL,
	"reported_event_user_id" text NOT NULL,
	"message_id" text,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_user_id" text
);
--> statement-breakpoint
CREATE TABLE "chat_restrictions" (
	"event_user_id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"is_muted" boolean DEFAULT false NOT NULL,
	"muted_until" timestamp with time zone,
	"is_removed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" text
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "deleted_by_user_id" text;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "kind" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "created_by_event_user_id" text;--> statement-breakpoint
ALTER TABLE "chat_blocks" ADD CONSTRAINT "chat_blocks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_blocks" ADD CONSTRAINT "chat_blocks_blocker_event_user_id_event_users_id_fk" FOREIGN KEY ("blocker_event_user_id") REFERENCES "public"."event_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_blocks" ADD CONSTRAINT "chat_blocks_blocked_event_user_id_event_users_id_fk" FOREIGN KEY ("blocked_event_user_id") REFERENCES "public"."event_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD CONSTRAINT "chat_reports_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_restrictions" ADD CONSTRAINT "chat_restrictions_event_user_id_event_users_id_fk" FOREIGN KEY ("event_user_id") REFERENCES "public"."event_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_restrictions" ADD CONSTRAINT "chat_restrictions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_blocks_blocked_idx" ON "chat_blocks" USING btree ("blocked_event_user_id");--> statement-breakpoint
CREATE INDEX "chat_reports_event_idx" ON "chat_reports" USING btree ("event_id","status","created_at");