-- A list belongs to the client it was loaded for (issue 35 §2): Client and Agency users see only their clients'
-- lists. Lists loaded before stay the organization's (client_id NULL), seen by staff only.
ALTER TABLE "lists" ADD COLUMN "client_id" bigint;--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_client_id_fkey" FOREIGN KEY ("organization_id","client_id") REFERENCES "public"."clients"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lists_org_client_idx" ON "lists" USING btree ("organization_id","client_id","id");