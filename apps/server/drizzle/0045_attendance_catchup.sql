CREATE TABLE "programme_attendance_cursor" (
	"id" text PRIMARY KEY NOT NULL,
	"low_id" bigint DEFAULT 0 NOT NULL,
	"pending_id" bigint,
	"pending_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
