DROP INDEX "texts_org_created_idx";--> statement-breakpoint
DROP INDEX "texts_provider_message_idx";--> statement-breakpoint
DROP INDEX "texts_org_texter_status_idx";--> statement-breakpoint
DROP INDEX "texts_org_sent_idx";--> statement-breakpoint
CREATE INDEX "texts_provider_message_idx" ON "texts" USING btree ("organization_id","provider","provider_message_id") WHERE "texts"."provider_message_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "texts_org_texter_status_idx" ON "texts" USING btree ("organization_id","texter_id","text_status") WHERE "texts"."texter_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "texts_org_sent_idx" ON "texts" USING btree ("organization_id","sent_at") WHERE "texts"."sent_at" IS NOT NULL;