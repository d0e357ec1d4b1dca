ALTER TABLE "phones" DROP CONSTRAINT "phones_client_id_fkey";
--> statement-breakpoint
ALTER TABLE "phones" ADD CONSTRAINT "phones_client_id_fkey" FOREIGN KEY ("organization_id","client_id") REFERENCES "public"."clients"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_slug_lookup_idx" ON "clients" USING btree (lower("slug")) WHERE "clients"."slug" IS NOT NULL;