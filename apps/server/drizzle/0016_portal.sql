CREATE TABLE "portal_app_tabs" (
	"event_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"tab_name" text NOT NULL,
	"title" text NOT NULL,
	"display_order" integer NOT NULL,
	"show_in_menu" boolean NOT NULL,
	"login_required" boolean DEFAULT false NOT NULL,
	"menu_banner" text DEFAULT '' NOT NULL,
	"ticket_ids" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_app_tabs_event_id_tab_name_pk" PRIMARY KEY("event_id","tab_name")
);
--> statement-breakpoint
CREATE TABLE "portal_banners" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_menu_entries" (
	"event_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"display_order" integer NOT NULL,
	"is_shown" boolean NOT NULL,
	"event_mode" jsonb NOT NULL,
	"show_menu_on_pre_event" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_menu_entries_event_id_key_pk" PRIMARY KEY("event_id","key")
);
--> statement-breakpoint
ALTER TABLE "portal_app_tabs" ADD CONSTRAINT "portal_app_tabs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_banners" ADD CONSTRAINT "portal_banners_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_menu_entries" ADD CONSTRAINT "portal_menu_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;