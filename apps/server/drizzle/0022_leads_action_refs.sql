ALTER TABLE "lead_actions" ADD COLUMN "ref_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_actions_company_action_ref_uq" ON "lead_actions" USING btree ("company_id","action","ref_id");