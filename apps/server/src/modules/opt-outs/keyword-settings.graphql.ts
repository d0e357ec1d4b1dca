import { messages, organizationMessages } from '@canvass/domain';
import { isOrganizationAdmin } from '../../platform/auth/organization-admin';
import { assertCan } from '../../platform/auth/viewer';
import { builder, FieldErrorRef, toFieldErrors, type FieldErrorShape } from '../../platform/graphql/builder';
import { loadKeywordSettings, saveKeywordSettings, type OptOutKeywordSettings } from './keyword-settings';

/**
 * The organization's own opt-out keywords and the plain-language switch (issue 15 §1): read with View on
 * Organization, changed by its admins (spec §6), for the viewer's own organization only.
 */

const KeywordSettingsRef = builder.objectRef<OptOutKeywordSettings>('OptOutKeywordSettings').implement({
  fields: (t) => ({
    optOutKeywords: t.exposeStringList('optOutKeywords', {
      description: 'Extra opt-out keywords: an inbound message that is one of them (whole message) opts out',
    }),
    plainLanguageOptOuts: t.exposeBoolean('plainLanguageOptOuts', {
      description: "Plain-language and Spanish opt-outs ('stop texting me', 'no más mensajes'); on by default",
    }),
  }),
});

interface KeywordSettingsPayload {
  settings: OptOutKeywordSettings | null;
  errors: FieldErrorShape[];
  message: string | null;
}

const KeywordSettingsPayloadRef = builder.objectRef<KeywordSettingsPayload>('OptOutKeywordSettingsPayload').implement({
  fields: (t) => ({
    settings: t.field({ type: KeywordSettingsRef, nullable: true, resolve: (p) => p.settings }),
    errors: t.field({ type: [FieldErrorRef], resolve: (p) => p.errors }),
    message: t.exposeString('message', { nullable: true }),
  }),
});

builder.queryFields((t) => ({
  optOutKeywordSettings: t.field({
    type: KeywordSettingsRef,
    description: "The viewer's organization's opt-out keywords and plain-language switch",
    resolve: (_r, _a, ctx) => {
      assertCan(ctx.viewer, 'View', 'Organization');
      return ctx.tenant((tx, viewer) => loadKeywordSettings(tx, viewer.organizationId));
    },
  }),
}));

builder.mutationFields((t) => ({
  updateOptOutKeywordSettings: t.field({
    type: KeywordSettingsPayloadRef,
    description: "Saves the organization's opt-out keywords and plain-language switch; admins only",
    args: {
      optOutKeywords: t.arg.stringList({ required: true }),
      plainLanguageOptOuts: t.arg.boolean({ required: true }),
    },
    resolve: (_r, args, ctx) => {
      assertCan(ctx.viewer, 'View', 'Organization');
      return ctx.tenant(async (tx, viewer) => {
        if (!isOrganizationAdmin(viewer))
          return { settings: null, errors: toFieldErrors({ base: [organizationMessages.onlyAdmins] }), message: null };
        const { settings, errors } = await saveKeywordSettings(tx, viewer.organizationId, args);
        return { settings, errors: toFieldErrors(errors), message: settings ? messages.allChangesSaved : null };
      });
    },
  }),
}));
