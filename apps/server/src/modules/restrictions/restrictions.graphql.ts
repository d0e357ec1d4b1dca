import { PermissionOperation, Role, type RoleRestriction } from '@canvass/domain';
import { builder, FieldErrorRef, toFieldErrors } from '../../platform/graphql/builder';
import { enumRef } from '../../platform/graphql/enums';
import { organizationRestrictions, saveRestrictions } from './restrictions.service';

// The restrictions grid of spec §6: read and saved whole by an organization admin; others get FORBIDDEN.

const RoleRestrictionRef = builder.objectRef<RoleRestriction>('RoleRestriction').implement({
  description: 'What one role may do on one restriction resource in the organization',
  fields: (t) => ({
    role: t.field({ type: enumRef(Role), resolve: (r) => r.role }),
    resource: t.exposeString('resource'),
    operations: t.field({ type: [enumRef(PermissionOperation)], resolve: (r) => r.operations }),
  }),
});

const RoleRestrictionInput = builder.inputType('RoleRestrictionInput', {
  fields: (t) => ({
    role: t.field({ type: enumRef(Role), required: true }),
    resource: t.string({ required: true }),
    operations: t.field({ type: [enumRef(PermissionOperation)], required: true }),
  }),
});

interface SavePayload {
  grid: RoleRestriction[];
  errors: Record<string, string[]>;
}
const SaveRestrictionsPayloadRef = builder.objectRef<SavePayload>('SaveRestrictionsPayload').implement({
  fields: (t) => ({
    restrictions: t.field({ type: [RoleRestrictionRef], resolve: (p) => p.grid }),
    errors: t.field({ type: [FieldErrorRef], resolve: (p) => toFieldErrors(p.errors) }),
    message: t.string({
      nullable: true,
      resolve: (p) => (Object.keys(p.errors).length === 0 ? 'All changes saved' : null),
    }),
  }),
});

builder.queryField('organizationRestrictions', (t) =>
  t.field({
    type: [RoleRestrictionRef],
    description: "The organization's restrictions: every role × restriction resource (organization admins only)",
    resolve: (_r, _a, ctx) => ctx.tenant((tx, viewer) => organizationRestrictions(tx, viewer)),
  }),
);

builder.mutationField('saveRestrictions', (t) =>
  t.field({
    type: SaveRestrictionsPayloadRef,
    description: 'Saves the grid: the given cells replace theirs; the next request of every user follows them',
    args: { restrictions: t.arg({ type: [RoleRestrictionInput], required: true }) },
    resolve: (_r, args, ctx) =>
      ctx.tenant((tx, viewer) => saveRestrictions(tx, viewer, args.restrictions as RoleRestriction[])),
  }),
);
