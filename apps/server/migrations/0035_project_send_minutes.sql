CREATE TABLE "project_send_minutes" (
	"organization_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"provider" "provider" NOT NULL,
	"sent" bigint NOT NULL,
	CONSTRAINT "project_send_minutes_pkey" PRIMARY KEY("organization_id","project_id","minute","provider")
);
--> statement-breakpoint
ALTER TABLE "project_send_minutes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "project_send_minutes" ADD CONSTRAINT "project_send_minutes_project_id_fkey" FOREIGN KEY ("organization_id","project_id") REFERENCES "public"."projects"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "project_send_minutes_tenant_isolation" ON "project_send_minutes" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = nullif(current_setting('app.organization_id', true), '')::bigint OR organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = nullif(current_setting('app.organization_id', true), '')::bigint OR organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
-- The texts sent before this table, counted once by the minute of their sent_at; from here on, whatever stamps
-- sent_at adds to it. In UTC, so only immutable functions run (Citus pushes such a statement down as it is).
INSERT INTO "project_send_minutes" ("organization_id", "project_id", "minute", "provider", "sent")
SELECT "organization_id", "project_id", date_trunc('minute', "sent_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
       "provider", count(*)
  FROM "texts"
 WHERE "project_id" IS NOT NULL AND "sent_at" IS NOT NULL AND "provider" IS NOT NULL AND "text_status" <> 'Received'
 GROUP BY 1, 2, 3, 4;
