CREATE TYPE "public"."project_exclusion_reason" AS ENUM('Duplicate', 'Invalid', 'DoNotContact', 'OrganizationOptOut', 'ClientOptOut', 'Landline', 'Carrier', 'State');--> statement-breakpoint
CREATE TABLE "project_area_codes" (
	"organization_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"area_code" varchar(3) NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "project_area_codes_pkey" PRIMARY KEY("organization_id","project_id","area_code")
);
--> statement-breakpoint
ALTER TABLE "project_area_codes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "project_exclusion_counts" (
	"organization_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"reason" "project_exclusion_reason" NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "project_exclusion_counts_pkey" PRIMARY KEY("organization_id","project_id","reason")
);
--> statement-breakpoint
ALTER TABLE "project_exclusion_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "project_exclusions" (
	"organization_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"reason" "project_exclusion_reason" NOT NULL,
	"row_id" bigint NOT NULL,
	"number" text,
	"to_phone_id" bigint,
	CONSTRAINT "project_exclusions_pkey" PRIMARY KEY("organization_id","project_id","reason","row_id")
);
--> statement-breakpoint
ALTER TABLE "project_exclusions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "project_loads" (
	"organization_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"error_message" text,
	"loaded_at" timestamp with time zone,
	"rows_count" integer DEFAULT 0 NOT NULL,
	"texts_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_loads_pkey" PRIMARY KEY("organization_id","project_id")
);
--> statement-breakpoint
ALTER TABLE "project_loads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "project_text_counts" (
	"organization_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"day" date NOT NULL,
	"from_phone_id" bigint NOT NULL,
	"text_status" text_status NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "project_text_counts_pkey" PRIMARY KEY("organization_id","project_id","day","from_phone_id","text_status")
);
--> statement-breakpoint
ALTER TABLE "project_text_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "texts" ADD COLUMN "price" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "texts" ADD COLUMN "media_position" "media_position";--> statement-breakpoint
ALTER TABLE "project_area_codes" ADD CONSTRAINT "project_area_codes_project_id_fkey" FOREIGN KEY ("organization_id","project_id") REFERENCES "public"."projects"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_exclusion_counts" ADD CONSTRAINT "project_exclusion_counts_project_id_fkey" FOREIGN KEY ("organization_id","project_id") REFERENCES "public"."projects"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_exclusions" ADD CONSTRAINT "project_exclusions_project_id_fkey" FOREIGN KEY ("organization_id","project_id") REFERENCES "public"."projects"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_loads" ADD CONSTRAINT "project_loads_project_id_fkey" FOREIGN KEY ("organization_id","project_id") REFERENCES "public"."projects"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_text_counts" ADD CONSTRAINT "project_text_counts_project_id_fkey" FOREIGN KEY ("organization_id","project_id") REFERENCES "public"."projects"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_text_counts_org_day_idx" ON "project_text_counts" USING btree ("organization_id","day");--> statement-breakpoint
CREATE POLICY "project_area_codes_tenant_isolation" ON "project_area_codes" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "project_exclusion_counts_tenant_isolation" ON "project_exclusion_counts" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "project_exclusions_tenant_isolation" ON "project_exclusions" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "project_loads_tenant_isolation" ON "project_loads" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "project_text_counts_tenant_isolation" ON "project_text_counts" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));