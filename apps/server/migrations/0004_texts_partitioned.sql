-- texts, partitioned by month on created_at (ARCHITECTURE §6), while it is still empty: the hot set stays small
-- and an old month detaches to cheap storage. Drizzle cannot declare partitioning, so its table (schema/texts.ts)
-- gives the types and this file the storage; keep the columns, keys and indexes of the two in step.
-- Nothing holds a foreign key to texts (migration 0003 made opt-outs and work items keep plain columns).
DROP TABLE "texts";
--> statement-breakpoint
CREATE TABLE "texts" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "texts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"body" text NOT NULL,
	"rendered_message" text,
	"text_status" "text_status" DEFAULT 'Ready' NOT NULL,
	"text_type" "text_type" NOT NULL,
	"messaging_service_type" "messaging_service_type" DEFAULT 'SMS' NOT NULL,
	"sent_at" timestamp with time zone,
	"error_message" text,
	"tracking_id" text,
	"from_phone_id" bigint,
	"to_phone_id" bigint,
	"texter_id" bigint,
	"project_id" bigint,
	"is_send_text" boolean DEFAULT false NOT NULL,
	"provider" "provider",
	"provider_message_id" text,
	"segments" integer,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "texts_pkey" PRIMARY KEY ("organization_id", "id", "created_at")
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
ALTER TABLE "texts" ADD CONSTRAINT "texts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "texts" ADD CONSTRAINT "texts_texter_id_users_id_fk" FOREIGN KEY ("texter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "texts" ADD CONSTRAINT "texts_from_phone_id_fkey" FOREIGN KEY ("organization_id","from_phone_id") REFERENCES "public"."phones"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "texts" ADD CONSTRAINT "texts_to_phone_id_fkey" FOREIGN KEY ("organization_id","to_phone_id") REFERENCES "public"."phones"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "texts" ADD CONSTRAINT "texts_project_id_fkey" FOREIGN KEY ("organization_id","project_id") REFERENCES "public"."projects"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "texts_provider_message_idx" ON "texts" USING btree ("organization_id","provider","provider_message_id");--> statement-breakpoint
CREATE INDEX "texts_org_project_status_idx" ON "texts" USING btree ("organization_id","project_id","text_status");--> statement-breakpoint
CREATE INDEX "texts_org_to_phone_idx" ON "texts" USING btree ("organization_id","to_phone_id");--> statement-breakpoint
CREATE INDEX "texts_org_from_phone_idx" ON "texts" USING btree ("organization_id","from_phone_id");--> statement-breakpoint
CREATE INDEX "texts_org_texter_status_idx" ON "texts" USING btree ("organization_id","texter_id","text_status");--> statement-breakpoint
CREATE INDEX "texts_org_created_idx" ON "texts" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "texts_org_sent_idx" ON "texts" USING btree ("organization_id","sent_at");--> statement-breakpoint
ALTER TABLE "texts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "texts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "texts_tenant_isolation" ON "texts" AS PERMISSIVE FOR ALL TO canvass_app USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "texts" TO canvass_app;--> statement-breakpoint
-- Catches a text whose month has no partition yet, so an insert never fails; the next run of the function below
-- moves such rows into their month.
CREATE TABLE "texts_default" PARTITION OF "texts" DEFAULT;--> statement-breakpoint
-- The app reaches texts only through the parent (and its policy): a partition grants it nothing.
REVOKE ALL ON "texts_default" FROM canvass_app;--> statement-breakpoint
-- Creates the partitions of this month and the next months_ahead months (UTC months) that do not exist yet, and
-- returns how many it created. Run at every migration (each process start) and daily by the worker's cron job
-- (ensureTextPartitions), so a server that runs for months never reaches a month without its partition.
CREATE OR REPLACE FUNCTION canvass_ensure_text_partitions(months_ahead integer) RETURNS integer
  LANGUAGE plpgsql AS $$
DECLARE
  this_month timestamp := date_trunc('month', now() AT TIME ZONE 'UTC');
  month_start timestamp;
  partition_name text;
  lower_bound timestamptz;
  upper_bound timestamptz;
  created integer := 0;
BEGIN
  -- Two processes starting at once must not both create the same month.
  PERFORM pg_advisory_xact_lock(7140002);
  FOR i IN 0..greatest(months_ahead, 0) LOOP
    month_start := this_month + make_interval(months => i);
    partition_name := 'texts_' || to_char(month_start, 'YYYY_MM');
    CONTINUE WHEN to_regclass('public.' || partition_name) IS NOT NULL;
    lower_bound := month_start AT TIME ZONE 'UTC';
    upper_bound := (month_start + interval '1 month') AT TIME ZONE 'UTC';
    IF EXISTS (SELECT 1 FROM public.texts_default WHERE created_at >= lower_bound AND created_at < upper_bound) THEN
      -- A month's partition cannot be created while the default partition holds rows of that month: move them.
      CREATE TEMP TABLE canvass_texts_moving (LIKE public.texts) ON COMMIT DROP;
      WITH moved AS (
        DELETE FROM public.texts_default WHERE created_at >= lower_bound AND created_at < upper_bound RETURNING *
      ) INSERT INTO canvass_texts_moving SELECT * FROM moved;
      EXECUTE format('CREATE TABLE public.%I PARTITION OF public.texts FOR VALUES FROM (%L) TO (%L)',
                     partition_name, lower_bound, upper_bound);
      EXECUTE format('INSERT INTO public.%I OVERRIDING SYSTEM VALUE SELECT * FROM canvass_texts_moving',
                     partition_name);
      DROP TABLE canvass_texts_moving;
    ELSE
      EXECUTE format('CREATE TABLE public.%I PARTITION OF public.texts FOR VALUES FROM (%L) TO (%L)',
                     partition_name, lower_bound, upper_bound);
    END IF;
    EXECUTE format('REVOKE ALL ON public.%I FROM canvass_app', partition_name);
    created := created + 1;
  END LOOP;
  RETURN created;
END $$;
--> statement-breakpoint
SELECT canvass_ensure_text_partitions(3);
