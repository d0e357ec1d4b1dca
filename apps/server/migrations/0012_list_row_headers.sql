ALTER TABLE "lists" ADD COLUMN "row_headers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Lists loaded before this migration: their rows were loaded with their sheet's current header row.
UPDATE "lists" l SET "row_headers" = s."header_row" FROM "sheets" s
 WHERE s."organization_id" = l."organization_id" AND s."id" = l."sheet_id" AND l."last_loaded_at" IS NOT NULL;
