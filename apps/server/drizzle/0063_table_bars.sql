CREATE TABLE "table_bars" (
	"id" text PRIMARY KEY NOT NULL,
	"table_id" text NOT NULL,
	"event_id" text NOT NULL,
	"event_user_id" text NOT NULL,
	"barred_at" timestamp with time zone NOT NULL,
	"barred_by_user_id" text,
	"lifted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "table_bars" ADD CONSTRAINT "table_bars_table_id_discussion_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."discussion_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bars" ADD CONSTRAINT "table_bars_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "table_bars_event_idx" ON "table_bars" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "table_bars_open_idx" ON "table_bars" USING btree ("table_id","event_user_id") WHERE lifted_at is null;