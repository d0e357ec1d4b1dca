DROP INDEX "brands_org_name_idx";--> statement-breakpoint
DROP INDEX "brands_org_provider_idx";--> statement-breakpoint
DROP INDEX "brands_org_client_idx";--> statement-breakpoint
DROP INDEX "brands_org_created_idx";--> statement-breakpoint
DROP INDEX "campaigns_org_name_idx";--> statement-breakpoint
DROP INDEX "campaigns_org_type_idx";--> statement-breakpoint
DROP INDEX "campaigns_org_client_idx";--> statement-breakpoint
DROP INDEX "campaigns_org_brand_idx";--> statement-breakpoint
DROP INDEX "campaigns_org_created_idx";--> statement-breakpoint
DROP INDEX "clients_org_name_idx";--> statement-breakpoint
DROP INDEX "clients_org_status_idx";--> statement-breakpoint
DROP INDEX "clients_org_type_idx";--> statement-breakpoint
DROP INDEX "clients_org_agency_idx";--> statement-breakpoint
DROP INDEX "clients_org_created_idx";--> statement-breakpoint
DROP INDEX "phones_org_status_idx";--> statement-breakpoint
DROP INDEX "phones_org_campaign_idx";--> statement-breakpoint
DROP INDEX "phones_org_client_idx";--> statement-breakpoint
CREATE INDEX "brands_org_throughput_idx" ON "brands" USING btree ("organization_id","throughput","id");--> statement-breakpoint
CREATE INDEX "campaigns_org_code_idx" ON "campaigns" USING btree ("organization_id","code","id");--> statement-breakpoint
CREATE INDEX "phones_org_number_idx" ON "phones" USING btree ("organization_id","number","id");--> statement-breakpoint
CREATE INDEX "phones_org_type_idx" ON "phones" USING btree ("organization_id","phone_type","id");--> statement-breakpoint
CREATE INDEX "phones_org_created_idx" ON "phones" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "brands_org_name_idx" ON "brands" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "brands_org_provider_idx" ON "brands" USING btree ("organization_id","provider","id");--> statement-breakpoint
CREATE INDEX "brands_org_client_idx" ON "brands" USING btree ("organization_id","client_id","id");--> statement-breakpoint
CREATE INDEX "brands_org_created_idx" ON "brands" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_org_name_idx" ON "campaigns" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "campaigns_org_type_idx" ON "campaigns" USING btree ("organization_id","campaign_type","id");--> statement-breakpoint
CREATE INDEX "campaigns_org_client_idx" ON "campaigns" USING btree ("organization_id","client_id","id");--> statement-breakpoint
CREATE INDEX "campaigns_org_brand_idx" ON "campaigns" USING btree ("organization_id","brand_id","id");--> statement-breakpoint
CREATE INDEX "campaigns_org_created_idx" ON "campaigns" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "clients_org_name_idx" ON "clients" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "clients_org_status_idx" ON "clients" USING btree ("organization_id","client_status","id");--> statement-breakpoint
CREATE INDEX "clients_org_type_idx" ON "clients" USING btree ("organization_id","client_type","id");--> statement-breakpoint
CREATE INDEX "clients_org_agency_idx" ON "clients" USING btree ("organization_id","agency_id","id");--> statement-breakpoint
CREATE INDEX "clients_org_created_idx" ON "clients" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "phones_org_status_idx" ON "phones" USING btree ("organization_id","phone_status","id");--> statement-breakpoint
CREATE INDEX "phones_org_campaign_idx" ON "phones" USING btree ("organization_id","campaign_id","id");--> statement-breakpoint
CREATE INDEX "phones_org_client_idx" ON "phones" USING btree ("organization_id","client_id","id");