CREATE TABLE "send_handovers" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "send_handovers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" bigint NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed" bigint[] DEFAULT '{}' NOT NULL,
	"handed" bigint[] DEFAULT '{}' NOT NULL,
	"answered" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "send_handovers_pkey" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "send_handovers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "provider_trouble" text;--> statement-breakpoint
ALTER TABLE "send_handovers" ADD CONSTRAINT "send_handovers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "send_handovers_tenant_isolation" ON "send_handovers" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = nullif(current_setting('app.organization_id', true), '')::bigint OR organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = nullif(current_setting('app.organization_id', true), '')::bigint OR organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));