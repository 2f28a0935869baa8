ALTER TABLE "lead_cards" ADD COLUMN "photo_content_type" text;--> statement-breakpoint
ALTER TABLE "lead_cards" ADD COLUMN "photo" "bytea";