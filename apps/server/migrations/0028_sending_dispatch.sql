CREATE TABLE "send_rate_windows" (
	"organization_id" bigint NOT NULL,
	"scope" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"used" integer NOT NULL,
	"last_grant" integer NOT NULL,
	CONSTRAINT "send_rate_windows_pkey" PRIMARY KEY("organization_id","scope","window_start")
);
--> statement-breakpoint
ALTER TABLE "send_rate_windows" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "texts" ALTER COLUMN "created_at" SET DEFAULT date_trunc('milliseconds', now());--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "pause_reason" text;--> statement-breakpoint
ALTER TABLE "texts" ADD COLUMN "send_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "texts" ADD COLUMN "send_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "texts" ADD COLUMN "resend_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "send_rate_windows" ADD CONSTRAINT "send_rate_windows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "texts_send_queue_idx" ON "texts" USING btree ("organization_id","id") WHERE "texts"."is_send_text" AND "texts"."text_status" = 'Ready';--> statement-breakpoint
CREATE INDEX "texts_claimed_idx" ON "texts" USING btree ("organization_id","claimed_at") WHERE "texts"."text_status" = 'Queued';--> statement-breakpoint
CREATE POLICY "send_rate_windows_tenant_isolation" ON "send_rate_windows" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = nullif(current_setting('app.organization_id', true), '')::bigint OR organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = nullif(current_setting('app.organization_id', true), '')::bigint OR organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));