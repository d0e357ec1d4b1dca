import { phoneNumberMessages } from '@canvass/domain';
import { GraphQLError } from 'graphql';
import { assertCan, type Viewer } from '../../platform/auth/viewer';
import { builder } from '../../platform/graphql/builder';
import { parseId } from '../../platform/graphql/resource-schema';
import type { Platform } from '../../platform/platform';
import { NumberRequestError, type NumberScope } from './number-provider';
import { buyNumbers, type PurchaseResult } from './number-purchase';
import { releaseNumber } from './number-release';
import { searchAndBuyNumber } from './number-search-and-buy';
import { searchPhoneNumbers } from './number-search';
import { validatePhone } from './phone-validate';

const scopeOf = (viewer: Viewer): NumberScope => ({ organizationId: viewer.organizationId, userId: viewer.userId });

/** A NumberRequestError is the user's to fix: its words (and the spec's title) reach the screen as they are. */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof NumberRequestError)
      throw new GraphQLError(err.message, { extensions: { code: 'BAD_USER_INPUT', title: err.title } });
    throw err;
  }
}

const BuyNumbersPayloadRef = builder.objectRef<PurchaseResult & { message: string }>('BuyNumbersPayload').implement({
  description: 'What a purchase came to: the numbers bought and those the provider would not sell',
  fields: (t) => ({
    message: t.exposeString('message', {
      description: "'Number(s) bought successfully', or 'Could not buy: {numbers}.' when any failed",
    }),
    boughtNumbers: t.stringList({ description: '10 digits each', resolve: (p) => p.bought }),
    failedNumbers: t.stringList({ description: '10 digits each', resolve: (p) => p.failed }),
    phoneIds: t.idList({ resolve: (p) => p.phoneIds.map(String) }),
  }),
});

const purchaseMessage = (result: PurchaseResult) =>
  result.failed.length
    ? phoneNumberMessages.couldNotBuy(result.failed)
    : result.bought.length === 1
      ? phoneNumberMessages.bought
      : phoneNumberMessages.boughtMany;

const MessagePayloadRef = builder.objectRef<{ message: string }>('PhoneNumberMessagePayload').implement({
  fields: (t) => ({ message: t.exposeString('message') }),
});

builder.queryField('searchPhoneNumbers', (t) =>
  t.stringList({
    description:
      "Numbers for sale in a US area code (3 digits) through the campaign's provider, 10 digits each; empty when there are none",
    args: { campaignId: t.arg.id({ required: true }), areaCode: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => {
      const viewer = assertCan(ctx.viewer, 'Create', 'Phone');
      return answering(async () => {
        const found = await searchPhoneNumbers(ctx.platform, scopeOf(viewer), Number(args.campaignId), args.areaCode);
        return found.numbers;
      });
    },
  }),
);

/** A purchase's answer: what it came to, in the spec's words (§8). */
const answered = (result: PurchaseResult) => ({ ...result, message: purchaseMessage(result) });

builder.mutationFields((t) => {
  const purchase = (
    description: string,
    args: Parameters<typeof t.field>[0]['args'],
    run: (scope: NumberScope, args: Record<string, unknown>, platform: Platform) => Promise<PurchaseResult>,
  ) =>
    t.field({
      type: BuyNumbersPayloadRef,
      description,
      args,
      resolve: (_r, a, ctx) => {
        const viewer = assertCan(ctx.viewer, 'Create', 'Phone');
        return answering(async () => answered(await run(scopeOf(viewer), a, ctx.platform)));
      },
    });
  const idOrNull = (v: unknown) => (v ? Number(v) : null);
  const searchAndBuyArgs = {
    campaignId: t.arg.id({ required: true }),
    areaCode: t.arg.string({ required: true }),
    clientId: t.arg.id({ description: 'The client the number is for, when the campaign has none' }),
  };
  const searchAndBuy =
    (unregisteredOnly: boolean) => (scope: NumberScope, a: Record<string, unknown>, platform: Platform) =>
      searchAndBuyNumber(platform, scope, {
        campaignId: Number(a.campaignId),
        clientId: idOrNull(a.clientId),
        areaCode: String(a.areaCode),
        unregisteredOnly,
      });

  return {
    buyNumbers: purchase(
      "Buys the chosen numbers for a campaign (at most 49 unreleased per campaign) through its brand's provider",
      {
        phoneNumbers: t.arg.stringList({ required: true }),
        campaignId: t.arg.id({ required: true }),
        clientId: t.arg.id(),
      },
      (scope, a, platform) =>
        buyNumbers(platform, scope, {
          campaignId: Number(a.campaignId),
          clientId: idOrNull(a.clientId),
          numbers: a.phoneNumbers as string[],
        }),
    ),
    buyNumber: purchase(
      'Buys one number for a campaign (spec §7 buyNumber)',
      { phoneNumber: t.arg.string({ required: true }), campaignId: t.arg.id({ required: true }), clientId: t.arg.id() },
      (scope, a, platform) =>
        buyNumbers(platform, scope, {
          campaignId: Number(a.campaignId),
          clientId: idOrNull(a.clientId),
          numbers: [String(a.phoneNumber)],
        }),
    ),
    searchAndBuyNumber: purchase(
      'Buys the first number for sale in an area code for a campaign',
      searchAndBuyArgs,
      searchAndBuy(false),
    ),
    searchAndBuyUnregisteredNumber: purchase(
      'Buys the first number for sale in an area code for an Unregistered campaign',
      searchAndBuyArgs,
      searchAndBuy(true),
    ),
    releaseNumber: t.field({
      type: MessagePayloadRef,
      description: 'Gives a purchased number back to its provider; it becomes Released',
      args: { phoneId: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) => {
        const viewer = assertCan(ctx.viewer, 'Update', 'Phone');
        return answering(async () => ({
          message: await releaseNumber(ctx.platform, scopeOf(viewer), parseId(args.phoneId)),
        }));
      },
    }),
    validatePhone: t.field({
      type: MessagePayloadRef,
      description: "'Validate Phone': a purchased number awaits API verification again, and a job asks its provider",
      args: { phoneId: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) => {
        const viewer = assertCan(ctx.viewer, 'Update', 'Phone');
        return answering(async () => ({
          message: await validatePhone(ctx.platform, scopeOf(viewer), parseId(args.phoneId)),
        }));
      },
    }),
  };
});
