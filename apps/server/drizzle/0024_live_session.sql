CREATE TABLE "live_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"session_id" text NOT NULL,
	"from_event_user_id" text NOT NULL,
	"content" text NOT NULL,
	"client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_now_playing" (
	"event_id" text NOT NULL,
	"room_key" text NOT NULL,
	"session_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_now_playing_event_id_room_key_pk" PRIMARY KEY("event_id","room_key")
);
--> statement-breakpoint
CREATE TABLE "live_poll_votes" (
	"poll_id" text NOT NULL,
	"event_user_id" text NOT NULL,
	"option_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_poll_votes_poll_id_event_user_id_pk" PRIMARY KEY("poll_id","event_user_id")
);
--> statement-breakpoint
CREATE TABLE "live_polls" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"session_id" text NOT NULL,
	"question" text NOT NULL,
	"options" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pushed_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "live_question_votes" (
	"question_id" text NOT NULL,
	"event_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_question_votes_question_id_event_user_id_pk" PRIMARY KEY("question_id","event_user_id")
);
--> statement-breakpoint
CREATE TABLE "live_questions" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"session_id" text NOT NULL,
	"from_event_user_id" text NOT NULL,
	"question" text NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"is_answered" boolean DEFAULT false NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_messages" ADD CONSTRAINT "live_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_messages" ADD CONSTRAINT "live_messages_session_id_programme_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."programme_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_now_playing" ADD CONSTRAINT "live_now_playing_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_now_playing" ADD CONSTRAINT "live_now_playing_session_id_programme_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."programme_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_poll_votes" ADD CONSTRAINT "live_poll_votes_poll_id_live_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."live_polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_polls" ADD CONSTRAINT "live_polls_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_polls" ADD CONSTRAINT "live_polls_session_id_programme_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."programme_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_question_votes" ADD CONSTRAINT "live_question_votes_question_id_live_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."live_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_questions" ADD CONSTRAINT "live_questions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_questions" ADD CONSTRAINT "live_questions_session_id_programme_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."programme_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_messages_session_time_idx" ON "live_messages" USING btree ("session_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_messages_sender_client_uq" ON "live_messages" USING btree ("from_event_user_id","client_id");--> statement-breakpoint
CREATE INDEX "live_polls_session_idx" ON "live_polls" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "live_questions_session_idx" ON "live_questions" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_questions_sender_client_uq" ON "live_questions" USING btree ("from_event_user_id","client_id");