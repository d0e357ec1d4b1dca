DROP INDEX "phones_org_type_idx";--> statement-breakpoint
DROP INDEX "phones_org_status_idx";--> statement-breakpoint
DROP INDEX "phones_org_type_created_idx";--> statement-breakpoint
DROP INDEX "phones_org_campaign_idx";--> statement-breakpoint
DROP INDEX "phones_org_client_idx";--> statement-breakpoint
DROP INDEX "phones_org_user_idx";--> statement-breakpoint
CREATE INDEX "phones_org_type_created_idx" ON "phones" USING btree ("organization_id","phone_type","created_at") WHERE "phones"."phone_type" <> 'ToPhone';--> statement-breakpoint
CREATE INDEX "phones_org_campaign_idx" ON "phones" USING btree ("organization_id","campaign_id","id") WHERE "phones"."campaign_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "phones_org_client_idx" ON "phones" USING btree ("organization_id","client_id","id") WHERE "phones"."client_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "phones_org_user_idx" ON "phones" USING btree ("organization_id","user_id") WHERE "phones"."user_id" IS NOT NULL;