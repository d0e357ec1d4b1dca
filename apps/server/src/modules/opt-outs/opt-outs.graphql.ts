import { OptOutChangeAction, OptOutChangeSource, OptOutType, optOutMessages, WEB_CLIENT_HEADER } from '@canvass/domain';
import { assertCan, ForbiddenError, type Viewer } from '../../platform/auth/viewer';
import { builder, FieldErrorRef, toFieldErrors, type FieldErrorShape } from '../../platform/graphql/builder';
import type { Context } from '../../platform/graphql/context';
import { enumRef } from '../../platform/graphql/enums';
import { extendRecord } from '../../platform/graphql/record-extensions';
import { parseId } from '../../platform/graphql/resource-schema';
import { limitedToClients } from '../../platform/resources/policy';
import type { Row } from '../../platform/resources/resource-service';
import {
  addDoNotContact,
  doNotContactCount,
  doNotContactNumbers,
  removeDoNotContact,
  type DoNotContactNumber,
  type DoNotContactPage,
  type DoNotContactResult,
} from './do-not-contact.service';
import { optOutHistory, type ChangeOrigin, type OptOutChangeView } from './opt-out-changes';
import { addOptOut, removeOptOut } from './opt-outs.service';

/** Who asks and from where: the web app says it is the web app (Manual); any other caller is the API. */
export function originOf(ctx: Context, userId: number): ChangeOrigin {
  return {
    userId,
    source: ctx.request?.headers[WEB_CLIENT_HEADER] === 'web' ? 'Manual' : 'Api',
    ipAddress: ctx.request?.ip ?? null,
  };
}

const OptOutChangeRef = builder.objectRef<OptOutChangeView>('OptOutChange').implement({
  description: 'One audited change of an opt-out: who, when, how it came in, from which address, and why',
  fields: (t) => ({
    id: t.exposeID('id'),
    action: t.field({ type: enumRef(OptOutChangeAction), resolve: (c) => c.action }),
    source: t.field({ type: enumRef(OptOutChangeSource), resolve: (c) => c.source }),
    optOutType: t.field({ type: enumRef(OptOutType), nullable: true, resolve: (c) => c.optOutType }),
    reason: t.exposeString('reason', { nullable: true }),
    ipAddress: t.exposeString('ipAddress', { nullable: true }),
    userName: t.exposeString('userName', { nullable: true, description: 'Null for an import or a STOP' }),
    createdAt: t.field({ type: 'DateTime', resolve: (c) => c.createdAt }),
  }),
});

interface OptOutResult {
  row: Row | null;
  errors: FieldErrorShape[];
  message: string | null;
}

const DoNotContactNumberRef = builder.objectRef<DoNotContactNumber>('DoNotContactNumber').implement({
  fields: (t) => ({
    number: t.exposeString('number', { description: '10 digits' }),
    updatedAt: t.field({ type: 'DateTime', resolve: (n) => n.updatedAt }),
  }),
});

const DoNotContactPageRef = builder.objectRef<DoNotContactPage>('DoNotContactPage').implement({
  fields: (t) => ({
    nodes: t.field({ type: [DoNotContactNumberRef], resolve: (p) => p.numbers }),
    hasNextPage: t.exposeBoolean('hasNextPage'),
    endCursor: t.string({
      nullable: true,
      description: 'Pass as after for the next page',
      resolve: (p) => p.numbers.at(-1)?.number ?? null,
    }),
  }),
});

const DoNotContactPayloadRef = builder
  .objectRef<DoNotContactResult & { message: string | null }>('DoNotContactPayload')
  .implement({
    fields: (t) => ({
      number: t.exposeString('number', { nullable: true }),
      errors: t.field({ type: [FieldErrorRef], resolve: (p) => toFieldErrors(p.errors) }),
      message: t.exposeString('message', { nullable: true }),
    }),
  });

/**
 * What opt-outs add to the generic OptOut type and API: an opt-out's audited history, adding one by number (or a
 * picked phone) and removing one with a reason (spec §5, §8); the organization's do-not-contact numbers.
 */
extendRecord('optOut', (optOutRef) => {
  builder.objectFields(optOutRef, (t) => ({
    history: t.field({
      type: [OptOutChangeRef],
      description: 'Every change to the opt-out of this number for this client (or organization-wide), newest first',
      resolve: (r, _a, ctx) =>
        ctx.tenant((tx, viewer) =>
          optOutHistory(tx, viewer.organizationId, {
            number: r.number as string,
            clientId: (r.clientId as number | null) ?? null,
          }),
        ),
    }),
  }));

  const payload = builder.objectRef<OptOutResult>('OptOutResult').implement({
    fields: (t) => ({
      optOut: t.field({ type: optOutRef, nullable: true, resolve: (p) => p.row }),
      errors: t.field({ type: [FieldErrorRef], resolve: (p) => p.errors }),
      message: t.exposeString('message', { nullable: true }),
    }),
  });
  const resultOf = (row: Row | null, errors: Record<string, string[]>, message: string): OptOutResult => ({
    row,
    errors: toFieldErrors(errors),
    message: row ? message : null,
  });

  builder.mutationFields((t) => ({
    addOptOut: t.field({
      type: payload,
      description: `A Manual opt-out of a number (or a picked phone) for a client, or the organization without one: '${optOutMessages.added}'`,
      args: { number: t.arg.string(), phoneId: t.arg.id(), clientId: t.arg.id(), body: t.arg.string() },
      resolve: (_r, args, ctx) => {
        assertCan(ctx.viewer, 'Create', 'OptOut');
        const phoneId = args.phoneId == null ? null : parseId(args.phoneId);
        const clientId = args.clientId == null || args.clientId === '' ? null : parseId(args.clientId);
        return ctx.tenant(async (tx, viewer) => {
          const input = { number: args.number, phoneId, clientId, body: args.body };
          const { row, errors } = await addOptOut(tx, viewer, input, originOf(ctx, viewer.userId));
          return resultOf(row, errors, optOutMessages.added);
        });
      },
    }),
    removeOptOut: t.field({
      type: payload,
      description: `Removes an opt-out; the reason is required and kept in its history: '${optOutMessages.removed}'`,
      args: { id: t.arg.id({ required: true }), reason: t.arg.string({ required: true }) },
      resolve: (_r, args, ctx) => {
        assertCan(ctx.viewer, 'Delete', 'OptOut');
        const id = parseId(args.id);
        return ctx.tenant(async (tx, viewer) => {
          const { row, errors } = await removeOptOut(tx, viewer, id, args.reason, originOf(ctx, viewer.userId));
          return resultOf(row, errors, optOutMessages.removed);
        });
      },
    }),
  }));
});

/**
 * The do-not-contact list is the organization's, of every client: read with View on Organization by a viewer no
 * client limits (a Manager with user views saw all of it).
 */
function organizationNumbersViewer(viewer: Viewer | null): Viewer {
  const allowed = assertCan(viewer, 'View', 'Organization');
  if (limitedToClients(allowed)) throw new ForbiddenError();
  return allowed;
}

builder.queryFields((t) => ({
  doNotContactNumbers: t.field({
    type: DoNotContactPageRef,
    description: "The organization's do-not-contact numbers in number order; search by digits, page with after",
    args: { search: t.arg.string(), after: t.arg.string(), first: t.arg.int() },
    resolve: (_r, args, ctx) => {
      organizationNumbersViewer(ctx.viewer);
      return ctx.tenant((tx, viewer) => doNotContactNumbers(tx, viewer.organizationId, args));
    },
  }),
  doNotContactCount: t.int({
    description: 'How many numbers the organization must not contact',
    resolve: (_r, _a, ctx) => {
      organizationNumbersViewer(ctx.viewer);
      return ctx.tenant((tx, viewer) => doNotContactCount(tx, viewer.organizationId));
    },
  }),
}));

builder.mutationFields((t) => ({
  addDoNotContactNumber: t.field({
    type: DoNotContactPayloadRef,
    description: `Marks a number do-not-contact for the organization: '${optOutMessages.numberSaved}'`,
    args: { number: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => {
      assertCan(ctx.viewer, 'Update', 'Organization');
      return ctx.tenant(async (tx, viewer) => {
        const result = await addDoNotContact(tx, viewer.organizationId, args.number, originOf(ctx, viewer.userId));
        return { ...result, message: result.number ? optOutMessages.numberSaved : null };
      });
    },
  }),
  removeDoNotContactNumber: t.field({
    type: DoNotContactPayloadRef,
    description: `Takes a number off the do-not-contact list, the reason kept in its record: '${optOutMessages.numberDeleted}'`,
    args: { number: t.arg.string({ required: true }), reason: t.arg.string() },
    resolve: (_r, args, ctx) => {
      assertCan(ctx.viewer, 'Update', 'Organization');
      return ctx.tenant(async (tx, viewer) => {
        const origin = originOf(ctx, viewer.userId);
        const result = await removeDoNotContact(tx, viewer.organizationId, args.number, args.reason ?? null, origin);
        return { ...result, message: result.number ? optOutMessages.numberDeleted : null };
      });
    },
  }),
}));
