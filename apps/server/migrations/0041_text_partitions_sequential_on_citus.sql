-- Texts' partitions made several at a time on a busy Citus cluster (see the comment in the function): the function of
-- 0004 again, in one connection per worker.
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
  -- On Citus, a busy cluster makes a partition's shards over several connections per worker (parallel DDL), and the
  -- next partition's foreign keys to the reference tables then cannot be made in the same transaction; one
  -- connection per worker for the rest of it. (The setting is a mere placeholder on plain PostgreSQL.)
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') THEN
    PERFORM set_config('citus.multi_shard_modify_mode', 'sequential', true);
  END IF;
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
