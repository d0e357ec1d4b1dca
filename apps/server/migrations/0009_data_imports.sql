DROP INDEX "data_import_templates_org_name_idx";--> statement-breakpoint
DROP INDEX "data_imports_org_name_idx";--> statement-breakpoint
DROP INDEX "data_imports_org_created_idx";--> statement-breakpoint
ALTER TABLE "data_import_templates" ALTER COLUMN "resource" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "data_import_templates" ALTER COLUMN "mapping" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "data_import_templates" ALTER COLUMN "mapping" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "data_import_templates" ALTER COLUMN "mapping" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "data_imports" ALTER COLUMN "resource" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "data_imports" ALTER COLUMN "mapping" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "data_imports" ALTER COLUMN "mapping" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "data_imports" ALTER COLUMN "mapping" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "data_imports" ADD COLUMN "upload_id" bigint;--> statement-breakpoint
ALTER TABLE "data_imports" ADD COLUMN "error_message" text;--> statement-breakpoint
ALTER TABLE "data_imports" ADD COLUMN "rows_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "data_imports" ADD COLUMN "imported_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "data_imports" ADD COLUMN "skipped_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "data_imports" ADD COLUMN "rejected_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "data_imports" ADD CONSTRAINT "data_imports_upload_id_fkey" FOREIGN KEY ("organization_id","upload_id") REFERENCES "public"."uploads"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_import_templates_org_resource_idx" ON "data_import_templates" USING btree ("organization_id","resource","id");--> statement-breakpoint
CREATE INDEX "data_import_templates_org_created_idx" ON "data_import_templates" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "data_imports_org_resource_idx" ON "data_imports" USING btree ("organization_id","resource","id");--> statement-breakpoint
CREATE INDEX "data_imports_org_status_idx" ON "data_imports" USING btree ("organization_id","status","id");--> statement-breakpoint
CREATE INDEX "data_imports_org_rows_idx" ON "data_imports" USING btree ("organization_id","rows_count","id");--> statement-breakpoint
CREATE INDEX "data_imports_org_imported_idx" ON "data_imports" USING btree ("organization_id","imported_count","id");--> statement-breakpoint
CREATE INDEX "data_imports_org_rejected_idx" ON "data_imports" USING btree ("organization_id","rejected_count","id");--> statement-breakpoint
CREATE INDEX "data_imports_org_template_idx" ON "data_imports" USING btree ("organization_id","template_id");--> statement-breakpoint
CREATE INDEX "data_imports_org_upload_idx" ON "data_imports" USING btree ("organization_id","upload_id");--> statement-breakpoint
CREATE INDEX "data_import_templates_org_name_idx" ON "data_import_templates" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "data_imports_org_name_idx" ON "data_imports" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "data_imports_org_created_idx" ON "data_imports" USING btree ("organization_id","created_at","id");--> statement-breakpoint
ALTER TABLE "data_imports" DROP COLUMN "file_path";