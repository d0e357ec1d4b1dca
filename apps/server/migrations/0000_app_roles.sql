-- The roles row-level security is written for. canvass_app: every request and job transaction switches to it
-- (SET LOCAL ROLE), so policies apply even when the connecting user is a superuser. Roles are cluster-wide, so
-- creating one that exists is not an error (many databases of one cluster in tests).
DO $$ BEGIN
  CREATE ROLE canvass_app NOLOGIN;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('GRANT canvass_app TO %I', current_user);
EXCEPTION WHEN others THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO canvass_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO canvass_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO canvass_app;
