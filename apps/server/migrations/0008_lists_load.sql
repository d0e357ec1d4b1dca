CREATE TYPE "public"."list_column_role" AS ENUM('Phone', 'FirstName', 'LastName', 'Column', 'Skip');--> statement-breakpoint
CREATE TYPE "public"."row_status" AS ENUM('Valid', 'Invalid', 'Duplicate');--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "uploads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"user_id" bigint,
	"storage_key" text NOT NULL,
	"filename" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_pkey" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "uploads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "rows" DROP CONSTRAINT "rows_sheet_id_fkey";
--> statement-breakpoint
DROP INDEX "rows_org_list_idx";--> statement-breakpoint
DROP INDEX "rows_org_sheet_idx";--> statement-breakpoint
DROP INDEX "rows_org_list_phone_idx";--> statement-breakpoint
DROP INDEX "lists_org_name_idx";--> statement-breakpoint
DROP INDEX "lists_org_status_idx";--> statement-breakpoint
DROP INDEX "lists_org_created_idx";--> statement-breakpoint
ALTER TABLE "lists" ALTER COLUMN "google_sheet_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "rows" ALTER COLUMN "to_phone_number" SET DATA TYPE varchar(10);--> statement-breakpoint
ALTER TABLE "lists" ADD COLUMN "upload_id" bigint;--> statement-breakpoint
ALTER TABLE "lists" ADD COLUMN "sheet_id" bigint;--> statement-breakpoint
ALTER TABLE "lists" ADD COLUMN "load_error_message" text;--> statement-breakpoint
ALTER TABLE "lists" ADD COLUMN "load_task_id" bigint;--> statement-breakpoint
ALTER TABLE "lists" ADD COLUMN "valid_rows_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lists" ADD COLUMN "invalid_rows_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lists" ADD COLUMN "duplicate_rows_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lists" ADD COLUMN "opted_out_rows_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lists" ADD COLUMN "do_not_contact_rows_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rows" ADD COLUMN "position" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "rows" ADD COLUMN "raw_phone_number" text;--> statement-breakpoint
ALTER TABLE "rows" ADD COLUMN "state" varchar(2);--> statement-breakpoint
ALTER TABLE "rows" ADD COLUMN "row_status" "row_status" NOT NULL;--> statement-breakpoint
ALTER TABLE "sheets" ADD COLUMN "source_sheet_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "sheets" ADD COLUMN "header_row_index" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sheets" ADD COLUMN "column_roles" "list_column_role"[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_org_created_idx" ON "uploads" USING btree ("organization_id","created_at");--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_upload_id_fkey" FOREIGN KEY ("organization_id","upload_id") REFERENCES "public"."uploads"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lists_org_rows_idx" ON "lists" USING btree ("organization_id","rows_count","id");--> statement-breakpoint
CREATE INDEX "lists_org_optimized_idx" ON "lists" USING btree ("organization_id","optimized_rows_count","id");--> statement-breakpoint
CREATE INDEX "lists_org_loaded_idx" ON "lists" USING btree ("organization_id","last_loaded_at","id");--> statement-breakpoint
CREATE INDEX "lists_org_upload_idx" ON "lists" USING btree ("organization_id","upload_id");--> statement-breakpoint
CREATE INDEX "rows_org_list_position_idx" ON "rows" USING btree ("organization_id","list_id","position","id");--> statement-breakpoint
CREATE INDEX "lists_org_name_idx" ON "lists" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "lists_org_status_idx" ON "lists" USING btree ("organization_id","list_status","id");--> statement-breakpoint
CREATE INDEX "lists_org_created_idx" ON "lists" USING btree ("organization_id","created_at","id");--> statement-breakpoint
ALTER TABLE "rows" DROP COLUMN "sheet_id";--> statement-breakpoint
CREATE POLICY "uploads_tenant_isolation" ON "uploads" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
-- List loads COPY into one UNLOGGED table per load in this schema (COPY FROM is refused into a table under
-- row-level security, ARCHITECTURE §4), then INSERT … SELECT into rows inside the tenant transaction. The app role
-- may look up names here but reads no table unless the load grants it SELECT on its own staging table.
CREATE SCHEMA IF NOT EXISTS canvass_staging;
--> statement-breakpoint
REVOKE ALL ON SCHEMA canvass_staging FROM PUBLIC;
--> statement-breakpoint
GRANT USAGE ON SCHEMA canvass_staging TO canvass_app;
