CREATE TABLE "exhibition_company_admins" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"company_id" text NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"invited_by" text,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibition_form_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"form_code" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"deadline_local" text,
	"deadline_at" timestamp with time zone,
	"instructions" text DEFAULT '' NOT NULL,
	"particulars" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"needs_approval" boolean DEFAULT true NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"register_button" boolean DEFAULT false NOT NULL,
	"allow_as_service" boolean DEFAULT false NOT NULL,
	"is_survey_form" boolean DEFAULT false NOT NULL,
	"show_only_documents" boolean DEFAULT false NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibition_form_submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"company_id" text NOT NULL,
	"booth_id" text NOT NULL,
	"form_code" text NOT NULL,
	"status" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"rejection_reason" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibition_submission_files" (
	"submission_id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibition_submission_history" (
	"id" text PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"side" text NOT NULL,
	"actor_user_id" text,
	"actor_name" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exhibition_company_admins" ADD CONSTRAINT "exhibition_company_admins_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_company_admins" ADD CONSTRAINT "exhibition_company_admins_company_id_exhibition_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."exhibition_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_form_settings" ADD CONSTRAINT "exhibition_form_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_form_submissions" ADD CONSTRAINT "exhibition_form_submissions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_form_submissions" ADD CONSTRAINT "exhibition_form_submissions_company_id_exhibition_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."exhibition_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_form_submissions" ADD CONSTRAINT "exhibition_form_submissions_booth_id_exhibition_booths_id_fk" FOREIGN KEY ("booth_id") REFERENCES "public"."exhibition_booths"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_submission_files" ADD CONSTRAINT "exhibition_submission_files_submission_id_exhibition_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."exhibition_form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_submission_history" ADD CONSTRAINT "exhibition_submission_history_submission_id_exhibition_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."exhibition_form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exhibition_company_admins_company_uq" ON "exhibition_company_admins" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exhibition_company_admins_event_user_uq" ON "exhibition_company_admins" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exhibition_form_settings_event_form_uq" ON "exhibition_form_settings" USING btree ("event_id","form_code");--> statement-breakpoint
CREATE UNIQUE INDEX "exhibition_form_submissions_booth_form_uq" ON "exhibition_form_submissions" USING btree ("booth_id","form_code");--> statement-breakpoint
CREATE INDEX "exhibition_form_submissions_event_idx" ON "exhibition_form_submissions" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "exhibition_submission_history_submission_idx" ON "exhibition_submission_history" USING btree ("submission_id","at");