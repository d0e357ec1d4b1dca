ALTER TABLE "lists" ADD COLUMN "first_row_id" bigint;--> statement-breakpoint
ALTER TABLE "lists" ADD COLUMN "last_row_id" bigint;--> statement-breakpoint
-- Lists loaded before this migration: the range of their rows' ids, read through the index dropped below.
UPDATE "lists" l SET "first_row_id" = r."first", "last_row_id" = r."last"
  FROM (SELECT "organization_id", "list_id", min("id") AS "first", max("id") AS "last" FROM "rows"
         GROUP BY "organization_id", "list_id") r
 WHERE l."organization_id" = r."organization_id" AND l."id" = r."list_id";--> statement-breakpoint
DROP INDEX "rows_org_list_position_idx";--> statement-breakpoint
CREATE INDEX "rows_org_list_brin" ON "rows" USING brin ("organization_id","list_id");
