ALTER TABLE "rows" DROP CONSTRAINT "rows_organization_id_organizations_id_fk";
