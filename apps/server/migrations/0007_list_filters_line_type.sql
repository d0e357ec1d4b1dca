CREATE TYPE "public"."line_type" AS ENUM('Mobile', 'Landline', 'VOIP', 'Unknown');--> statement-breakpoint
DROP INDEX "list_filters_org_client_idx";--> statement-breakpoint
ALTER TABLE "phones" ADD COLUMN "line_type" "line_type";--> statement-breakpoint
CREATE INDEX "list_filters_org_type_idx" ON "list_filters" USING btree ("organization_id","list_filter_type","id");--> statement-breakpoint
CREATE INDEX "list_filters_org_carrier_idx" ON "list_filters" USING btree ("organization_id","carrier","id");--> statement-breakpoint
CREATE INDEX "list_filters_org_state_idx" ON "list_filters" USING btree ("organization_id","state","id");--> statement-breakpoint
CREATE INDEX "phones_org_looked_up_idx" ON "phones" USING btree ("organization_id") WHERE "phones"."phone_type" = 'ToPhone' AND ("phones"."carrier" IS NOT NULL OR "phones"."line_type" IS NOT NULL);--> statement-breakpoint
CREATE INDEX "list_filters_org_client_idx" ON "list_filters" USING btree ("organization_id","client_id","id");--> statement-breakpoint
ALTER TABLE "list_filters" ADD CONSTRAINT "list_filters_one_per_level_key" UNIQUE NULLS NOT DISTINCT("organization_id","client_id","project_id","list_filter_type","carrier","state");--> statement-breakpoint
ALTER TABLE "list_filters" ADD CONSTRAINT "list_filters_carrier_iff_type" CHECK (("list_filters"."list_filter_type" = 'Carrier') = ("list_filters"."carrier" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "list_filters" ADD CONSTRAINT "list_filters_state_iff_type" CHECK (("list_filters"."list_filter_type" = 'State') = ("list_filters"."state" IS NOT NULL));--> statement-breakpoint
-- Organizations made before list filters keep their stored restrictions: give their roles the ListFilter
-- operations a new organization starts with (defaultRestrictions in packages/domain/src/permissions.ts).
INSERT INTO "restrictions" ("organization_id", "role", "resource", "operations")
SELECT o."id", r."role"::"role", 'ListFilter', r."operations"
  FROM "organizations" o
 CROSS JOIN (VALUES
   ('Admin', ARRAY['Convert','Copy','Create','Delete','Export','Import','Merge','Update','View']),
   ('Manager', ARRAY['Create','Delete','Export','Update','View']),
   ('Agency', ARRAY['View','Export']),
   ('Client', ARRAY['View','Export'])
 ) AS r("role", "operations")
 WHERE EXISTS (SELECT FROM "restrictions" x WHERE x."organization_id" = o."id" AND x."role" = r."role"::"role")
ON CONFLICT DO NOTHING;
