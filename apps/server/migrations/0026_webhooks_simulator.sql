ALTER TYPE "public"."provider" ADD VALUE 'Simulator';--> statement-breakpoint
ALTER TABLE "texts" ADD COLUMN "media_urls" text[];--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "routed_organization_id" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "routed_phone_id" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "raw_body" text NOT NULL;--> statement-breakpoint
CREATE INDEX "webhook_events_unprocessed_idx" ON "webhook_events" USING btree ("routed_organization_id","id") WHERE "webhook_events"."processed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" DROP COLUMN "signature_valid";
