CREATE TABLE "ebadge_settings" (
	"event_id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"verification_reveal" text DEFAULT 'firstName' NOT NULL,
	"show_category" boolean DEFAULT true NOT NULL,
	"share_options" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_configs" (
	"organisation_id" text PRIMARY KEY NOT NULL,
	"google" jsonb,
	"apple" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"template_id" text NOT NULL,
	"rule" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_run_issued" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"conducted_by" text DEFAULT '' NOT NULL,
	"html" text NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"template_id" text NOT NULL,
	"registration_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"title" text NOT NULL,
	"conducted_by" text NOT NULL,
	"issued_via" text NOT NULL,
	"rule_id" text,
	"issued_by" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emailed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text
);
--> statement-breakpoint
CREATE TABLE "badge_category_colors" (
	"event_id" text NOT NULL,
	"category_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"color" text NOT NULL,
	CONSTRAINT "badge_category_colors_event_id_category_id_pk" PRIMARY KEY("event_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "badge_print_job_parts" (
	"job_id" text NOT NULL,
	"part_no" integer NOT NULL,
	"first_index" integer NOT NULL,
	"badges" integer NOT NULL,
	"pages" integer NOT NULL,
	"pdf" "bytea" NOT NULL,
	CONSTRAINT "badge_print_job_parts_job_id_part_no_pk" PRIMARY KEY("job_id","part_no")
);
--> statement-breakpoint
CREATE TABLE "badge_print_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"template_id" text,
	"filter" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"error" text,
	"pages" integer,
	"bytes" integer,
	"parts" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "badge_prints" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"registration_id" text NOT NULL,
	"registration_no" text NOT NULL,
	"name" text NOT NULL,
	"category_id" text,
	"template_id" text,
	"template_name" text NOT NULL,
	"job_id" text,
	"is_reprint" boolean DEFAULT false NOT NULL,
	"overrides" jsonb,
	"printed_by" text,
	"printed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "badge_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"name" text NOT NULL,
	"page_size" text NOT NULL,
	"ticket_ids" jsonb NOT NULL,
	"category_ids" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"category_colors" jsonb NOT NULL,
	"elements" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkin_areas" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"ticket_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"time_windows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tracks_exit" boolean DEFAULT true NOT NULL,
	"allows_reentry" boolean DEFAULT true NOT NULL,
	"auto_checkout_at" timestamp with time zone,
	"auto_checkout_after_minutes" integer,
	"capacity" integer,
	"capacity_mode" text DEFAULT 'warn' NOT NULL,
	"display_key" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkin_conflicts" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"area_id" text NOT NULL,
	"device_id" text,
	"registration_id" text,
	"scan_id" bigint,
	"kind" text NOT NULL,
	"local_result" text NOT NULL,
	"server_result" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "checkin_device_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"device_id" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkin_devices" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"area_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"paired_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"relay_url" text,
	"relay_enabled" boolean DEFAULT false NOT NULL,
	"last_relay_at" timestamp with time zone,
	"last_relay_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkin_presence" (
	"area_id" text NOT NULL,
	"registration_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"inside" boolean DEFAULT false NOT NULL,
	"has_left" boolean DEFAULT false NOT NULL,
	"entered_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	"entries" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkin_presence_area_id_registration_id_pk" PRIMARY KEY("area_id","registration_id")
);
--> statement-breakpoint
CREATE TABLE "checkin_scans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"event_id" text NOT NULL,
	"area_id" text NOT NULL,
	"device_id" text,
	"registration_id" text,
	"direction" text NOT NULL,
	"result" text NOT NULL,
	"source" text NOT NULL,
	"local_result" text,
	"nonce" text,
	"conflict" text,
	"actor_user_id" text,
	"scanned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ebadge_settings" ADD CONSTRAINT "ebadge_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_rules" ADD CONSTRAINT "certificate_rules_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_rules" ADD CONSTRAINT "certificate_rules_template_id_certificate_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."certificate_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_templates" ADD CONSTRAINT "certificate_templates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_template_id_certificate_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."certificate_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_category_colors" ADD CONSTRAINT "badge_category_colors_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_print_job_parts" ADD CONSTRAINT "badge_print_job_parts_job_id_badge_print_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."badge_print_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_print_jobs" ADD CONSTRAINT "badge_print_jobs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_prints" ADD CONSTRAINT "badge_prints_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_templates" ADD CONSTRAINT "badge_templates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_areas" ADD CONSTRAINT "checkin_areas_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_devices" ADD CONSTRAINT "checkin_devices_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_presence" ADD CONSTRAINT "checkin_presence_area_id_checkin_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."checkin_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_rules_event_idx" ON "certificate_rules" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "certificate_templates_event_idx" ON "certificate_templates" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_template_reg_uq" ON "certificates" USING btree ("template_id","registration_id");--> statement-breakpoint
CREATE INDEX "certificates_event_idx" ON "certificates" USING btree ("event_id","issued_at");--> statement-breakpoint
CREATE INDEX "badge_print_jobs_event_idx" ON "badge_print_jobs" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "badge_print_jobs_status_idx" ON "badge_print_jobs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "badge_prints_event_idx" ON "badge_prints" USING btree ("event_id","printed_at");--> statement-breakpoint
CREATE INDEX "badge_prints_reg_idx" ON "badge_prints" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "badge_templates_event_idx" ON "badge_templates" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "checkin_areas_event_idx" ON "checkin_areas" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "checkin_conflicts_event_idx" ON "checkin_conflicts" USING btree ("event_id","detected_at");--> statement-breakpoint
CREATE INDEX "checkin_device_logs_event_idx" ON "checkin_device_logs" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "checkin_device_logs_device_idx" ON "checkin_device_logs" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE INDEX "checkin_devices_event_idx" ON "checkin_devices" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_devices_token_uq" ON "checkin_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_devices_code_uq" ON "checkin_devices" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "checkin_presence_inside_idx" ON "checkin_presence" USING btree ("area_id") WHERE inside;--> statement-breakpoint
CREATE INDEX "checkin_presence_event_idx" ON "checkin_presence" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "checkin_scans_event_time_idx" ON "checkin_scans" USING btree ("event_id","scanned_at");--> statement-breakpoint
CREATE INDEX "checkin_scans_area_time_idx" ON "checkin_scans" USING btree ("area_id","scanned_at");--> statement-breakpoint
CREATE INDEX "checkin_scans_reg_idx" ON "checkin_scans" USING btree ("registration_id","area_id");--> statement-breakpoint
CREATE INDEX "checkin_scans_device_idx" ON "checkin_scans" USING btree ("device_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_scans_device_nonce_uq" ON "checkin_scans" USING btree ("device_id","nonce");