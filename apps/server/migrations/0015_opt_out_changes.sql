CREATE TYPE "public"."opt_out_change_action" AS ENUM('Added', 'Removed');--> statement-breakpoint
CREATE TYPE "public"."opt_out_change_source" AS ENUM('Manual', 'Api', 'Import', 'Inbound');--> statement-breakpoint
CREATE TYPE "public"."opt_out_change_subject" AS ENUM('OptOut', 'DoNotContact');--> statement-breakpoint
CREATE TABLE "opt_out_changes" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "opt_out_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"subject" "opt_out_change_subject" NOT NULL,
	"action" "opt_out_change_action" NOT NULL,
	"number" varchar(10) NOT NULL,
	"phone_id" bigint,
	"client_id" bigint,
	"opt_out_type" "opt_out_type",
	"source" "opt_out_change_source" NOT NULL,
	"reason" text,
	"ip_address" text,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opt_out_changes_pkey" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "opt_out_changes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "opt_outs_org_created_idx";--> statement-breakpoint
ALTER TABLE "opt_outs" ADD COLUMN "number" varchar(10);--> statement-breakpoint
-- Opt-outs made before this migration take their phone's number.
UPDATE "opt_outs" o SET "number" = p."number" FROM "phones" p
 WHERE p."organization_id" = o."organization_id" AND p."id" = o."phone_id";--> statement-breakpoint
ALTER TABLE "opt_outs" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "opt_out_changes" ADD CONSTRAINT "opt_out_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opt_out_changes" ADD CONSTRAINT "opt_out_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opt_out_changes_org_number_idx" ON "opt_out_changes" USING btree ("organization_id","number","created_at");--> statement-breakpoint
CREATE INDEX "opt_outs_org_number_idx" ON "opt_outs" USING btree ("organization_id","number","id");--> statement-breakpoint
CREATE INDEX "phones_org_do_not_contact_idx" ON "phones" USING btree ("organization_id","number") WHERE "phones"."do_not_contact";--> statement-breakpoint
CREATE INDEX "opt_outs_org_created_idx" ON "opt_outs" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE POLICY "opt_out_changes_tenant_isolation" ON "opt_out_changes" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));