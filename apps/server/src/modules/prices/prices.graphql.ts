import { CampaignType, MessagingServiceType, priceMessages, PriceLevel } from '@canvass/domain';
import { GraphQLError } from 'graphql';
import { UnauthenticatedError } from '../../platform/auth/viewer';
import { builder, FieldErrorRef, toFieldErrors, type FieldErrorShape } from '../../platform/graphql/builder';
import type { Context } from '../../platform/graphql/context';
import { enumRef } from '../../platform/graphql/enums';
import { parseId } from '../../platform/graphql/resource-schema';
import { applicablePrices, type ApplicablePrice } from './applicable-prices';
import { findPrice, loadPrices } from './load-prices';
import { priceAccess } from './price-access';
import { levelOf, priceScopeOf, type PriceRow, type PriceScope } from './price-scope';
import { updatePrices } from './save-prices';

/**
 * Prices at organization, client and project level (spec §3 Price, §7 price): read a level's rows, save them in
 * one call (spec §5 rules), and ask which price applies to a project or client. Prices travel as decimal text.
 */

export const PriceRef = builder.objectRef<PriceRow>('Price').implement({
  description: 'The price of one kind of message from startAt on, at the level it belongs to',
  fields: (t) => ({
    id: t.exposeID('id'),
    price: t.exposeString('price', { description: "Exact decimal text with 4 decimals ('0.0350')" }),
    isSent: t.exposeBoolean('isSent'),
    campaignType: t.field({ type: enumRef(CampaignType), resolve: (p) => p.campaignType }),
    messagingServiceType: t.field({ type: enumRef(MessagingServiceType), resolve: (p) => p.messagingServiceType }),
    startAt: t.field({ type: 'DateTime', resolve: (p) => p.startAt }),
    organizationId: t.exposeID('organizationId'),
    clientId: t.id({ nullable: true, resolve: (p) => p.clientId }),
    projectId: t.id({ nullable: true, resolve: (p) => p.projectId }),
    level: t.field({ type: enumRef(PriceLevel), resolve: (p) => levelOf(p) }),
  }),
});

export const PriceInput = builder.inputType('PriceInput', {
  description: 'A row without a price is removed (a new one ignored); _destroy removes a saved row',
  fields: (t) => ({
    id: t.id(),
    _destroy: t.boolean(),
    price: t.string({ description: "Exact decimal text, at most 4 decimals ('0.035')" }),
    isSent: t.boolean(),
    campaignType: t.string(),
    messagingServiceType: t.string(),
    startAt: t.string(),
  }),
});

const ApplicablePriceRef = builder.objectRef<ApplicablePrice>('ApplicablePrice').implement({
  description:
    'The price that applies to one kind of message: the most specific level with a row started by then, the latest start within it; price and level null when no row applies (headerPrice is the fallback)',
  fields: (t) => ({
    messagingServiceType: t.field({ type: enumRef(MessagingServiceType), resolve: (p) => p.messagingServiceType }),
    campaignType: t.field({ type: enumRef(CampaignType), resolve: (p) => p.campaignType }),
    isSent: t.exposeBoolean('isSent'),
    price: t.exposeString('price', { nullable: true }),
    level: t.field({ type: enumRef(PriceLevel), nullable: true, resolve: (p) => p.level }),
    startAt: t.field({ type: 'DateTime', nullable: true, resolve: (p) => p.startAt }),
    priceId: t.id({ nullable: true, resolve: (p) => p.priceId }),
    headerPrice: t.exposeString('headerPrice', { description: "Spec §9's price for this direction" }),
  }),
});

interface PricesPayload {
  rows: PriceRow[] | null;
  errors: FieldErrorShape[];
  message: string | null;
}
const PricesPayloadRef = builder.objectRef<PricesPayload>('PricesPayload').implement({
  fields: (t) => ({
    prices: t.field({ type: [PriceRef], nullable: true, resolve: (p) => p.rows }),
    errors: t.field({ type: [FieldErrorRef], resolve: (p) => p.errors }),
    message: t.exposeString('message', { nullable: true }),
  }),
});

const optionalId = (v: string | number | null | undefined) => (v == null || v === '' ? null : parseId(v));

/** The level named by clientId or projectId (neither: the organization's); both at once is refused. */
function scopeArg(args: { clientId?: string | number | null; projectId?: string | number | null }): PriceScope {
  const scope = priceScopeOf(optionalId(args.clientId), optionalId(args.projectId));
  if (!scope)
    throw new GraphQLError('Give a client or a project, not both', { extensions: { code: 'BAD_USER_INPUT' } });
  return scope;
}

const signedIn = (ctx: Context) => {
  if (!ctx.viewer) throw new UnauthenticatedError();
};

builder.queryFields((t) => ({
  prices: t.field({
    type: [PriceRef],
    description:
      "One level's price rows: a client's (clientId), a project's (projectId) or the organization's own (neither); empty when the viewer may not see that level",
    args: { clientId: t.arg.id(), projectId: t.arg.id() },
    resolve: (_r, args, ctx) => {
      signedIn(ctx);
      const scope = scopeArg(args);
      return ctx.tenant(async (tx, viewer) =>
        (await priceAccess(tx, viewer, scope, 'View')).ok ? loadPrices(tx, viewer.organizationId, scope) : [],
      );
    },
  }),
  price: t.field({
    type: PriceRef,
    nullable: true,
    description: 'One price row by id; null when missing or its level is not visible to the viewer',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => {
      signedIn(ctx);
      const id = parseId(args.id);
      return ctx.tenant((tx, viewer) => findPrice(tx, viewer, id));
    },
  }),
  applicablePrices: t.field({
    type: [ApplicablePriceRef],
    nullable: true,
    description:
      'For a project (or a client), each kind of message (service × campaign type × direction) with the price that applies at `at` (default now) and the level it comes from; null when the viewer may not see it',
    args: { projectId: t.arg.id(), clientId: t.arg.id(), at: t.arg({ type: 'DateTime' }) },
    resolve: (_r, args, ctx) => {
      signedIn(ctx);
      const scope = scopeArg(args);
      if (scope.level === 'Organization')
        throw new GraphQLError('Give a project or a client', { extensions: { code: 'BAD_USER_INPUT' } });
      const at = args.at ? new Date(args.at) : new Date();
      if (Number.isNaN(at.getTime()))
        throw new GraphQLError('at must be a date and time', { extensions: { code: 'BAD_USER_INPUT' } });
      return ctx.tenant(async (tx, viewer) => {
        if (!(await priceAccess(tx, viewer, scope, 'View')).ok) return null;
        const target = scope.level === 'Project' ? { projectId: scope.projectId } : { clientId: scope.clientId };
        return applicablePrices(tx, viewer.organizationId, target, at);
      });
    },
  }),
}));

builder.mutationFields((t) => ({
  updatePrices: t.field({
    type: PricesPayloadRef,
    description:
      "Saves one level's price rows (a client's, a project's or, with neither, the organization's) all or none: spec §5, a row without a price is removed, all-empty rows ignored, a start date required",
    args: {
      clientId: t.arg.id(),
      projectId: t.arg.id(),
      prices: t.arg({ type: [PriceInput], required: true }),
    },
    resolve: (_r, args, ctx) => {
      signedIn(ctx);
      const scope = scopeArg(args);
      return ctx.tenant(async (tx, viewer) => {
        const { rows, errors } = await updatePrices(tx, viewer, scope, args.prices);
        return { rows, errors: toFieldErrors(errors), message: rows ? priceMessages.updated : null };
      });
    },
  }),
}));
