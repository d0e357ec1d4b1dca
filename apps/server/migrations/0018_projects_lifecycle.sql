DROP INDEX "projects_org_name_idx";--> statement-breakpoint
DROP INDEX "projects_org_status_idx";--> statement-breakpoint
DROP INDEX "projects_org_created_idx";--> statement-breakpoint
DROP INDEX "projects_org_start_idx";--> statement-breakpoint
DROP INDEX "projects_org_client_idx";--> statement-breakpoint
DROP INDEX "texts_org_project_status_idx";--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "message" SET DEFAULT '-';--> statement-breakpoint
CREATE INDEX "projects_org_type_idx" ON "projects" USING btree ("organization_id","project_type","id");--> statement-breakpoint
CREATE INDEX "projects_org_name_idx" ON "projects" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "projects_org_status_idx" ON "projects" USING btree ("organization_id","project_status","id");--> statement-breakpoint
CREATE INDEX "projects_org_created_idx" ON "projects" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_org_start_idx" ON "projects" USING btree ("organization_id","start_at","id");--> statement-breakpoint
CREATE INDEX "projects_org_client_idx" ON "projects" USING btree ("organization_id","client_id","id");--> statement-breakpoint
CREATE INDEX "texts_org_project_status_idx" ON "texts" USING btree ("organization_id","project_id","text_status","id");