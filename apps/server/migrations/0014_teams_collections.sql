DROP INDEX "collections_org_date_idx";--> statement-breakpoint
DROP INDEX "collections_org_created_idx";--> statement-breakpoint
DROP INDEX "teams_org_name_idx";--> statement-breakpoint
DROP INDEX "teams_org_status_idx";--> statement-breakpoint
DROP INDEX "teams_org_created_idx";--> statement-breakpoint
ALTER TABLE "team_users" ADD COLUMN "is_lead" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "collections_org_type_idx" ON "collections" USING btree ("organization_id","collection_type","id");--> statement-breakpoint
CREATE INDEX "collections_org_amount_idx" ON "collections" USING btree ("organization_id","amount","id");--> statement-breakpoint
CREATE INDEX "collections_org_date_idx" ON "collections" USING btree ("organization_id","collection_date","id");--> statement-breakpoint
CREATE INDEX "collections_org_created_idx" ON "collections" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "teams_org_name_idx" ON "teams" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "teams_org_status_idx" ON "teams" USING btree ("organization_id","team_status","id");--> statement-breakpoint
CREATE INDEX "teams_org_created_idx" ON "teams" USING btree ("organization_id","created_at","id");