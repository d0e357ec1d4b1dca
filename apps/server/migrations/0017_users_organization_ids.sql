ALTER TABLE "users" ADD COLUMN "organization_ids" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE POLICY "users_insert_without_organizations" ON "users" AS RESTRICTIVE FOR INSERT TO "canvass_app" WITH CHECK (current_setting('app.system', true) = 'on' OR organization_ids = '{}');--> statement-breakpoint
ALTER POLICY "users_visible" ON "users" TO canvass_app USING (current_setting('app.system', true) = 'on' OR id = nullif(current_setting('app.user_id', true), '')::bigint OR organization_ids && string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]);--> statement-breakpoint
-- Hand-written from here. The one writer of users.organization_ids (syncMembership in the server): called after
-- every write of a membership, in its transaction, it sets the user's entry for that organization from
-- organization_users, the truth (a row there: in; none: out). One organization's shard is read (routed on Citus)
-- before the reference table is written. It runs as the caller, the app role: on Citus a function owned by another
-- role cannot read the placements the app role has just written in the transaction ("cannot perform query on
-- placements that were modified in this transaction by a different user"), nor write the users it then reads. The
-- caller turns app.system on around it (with SET LOCAL, which Citus forwards; a function's own SET clause is not),
-- since the user is not yet visible to the organization that has just added it.
CREATE FUNCTION canvass_sync_membership(user_id bigint, organization_id bigint) RETURNS void
  LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  member boolean;
BEGIN
  SELECT EXISTS (SELECT 1 FROM organization_users ou
                  WHERE ou.organization_id = canvass_sync_membership.organization_id
                    AND ou.user_id = canvass_sync_membership.user_id) INTO member;
  UPDATE users u
     SET organization_ids = CASE WHEN member
                                 THEN array_append(array_remove(u.organization_ids, canvass_sync_membership.organization_id),
                                                   canvass_sync_membership.organization_id)
                                 ELSE array_remove(u.organization_ids, canvass_sync_membership.organization_id) END
   WHERE u.id = canvass_sync_membership.user_id;
END $$;
--> statement-breakpoint
UPDATE users u SET organization_ids = coalesce(
  (SELECT array_agg(ou.organization_id ORDER BY ou.organization_id) FROM organization_users ou WHERE ou.user_id = u.id),
  '{}');
--> statement-breakpoint
DROP FUNCTION canvass_shares_visible_organization(bigint);
