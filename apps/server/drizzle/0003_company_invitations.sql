ALTER TABLE "invitations" ADD COLUMN "company_id" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "company_role" text;