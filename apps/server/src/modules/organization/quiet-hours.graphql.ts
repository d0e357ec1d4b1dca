import { QuietHoursDays, type QuietHours, type StateWindow } from '@canvass/domain';
import { builder } from '../../platform/graphql/builder';
import type { Context } from '../../platform/graphql/context';
import { enumRef } from '../../platform/graphql/enums';
import { assertCan } from '../../platform/auth/viewer';
import { OrganizationRef } from '../auth/auth.graphql';
import { loadQuietHours } from './quiet-hours-settings';

/**
 * The organization's quiet hours (issue 15 §2; packages/domain quiet-hours.ts): the general sending window and the
 * stricter state windows, kept in organizations.settings.quietHours. Read here; saved by updateOrganization.
 */

const StateWindowRef = builder.objectRef<StateWindow>('QuietHoursStateWindow').implement({
  description: "A state's own sending window on some days; a day no window of the state covers is closed there",
  fields: (t) => ({
    state: t.exposeString('state'),
    days: t.field({ type: enumRef(QuietHoursDays), resolve: (w) => w.days as never }),
    start: t.exposeString('start', { description: 'Local time HH:MM' }),
    end: t.exposeString('end', { description: 'Local time HH:MM, not included' }),
  }),
});

const QuietHoursRef = builder.objectRef<QuietHours>('QuietHours').implement({
  description: "When texts may go out, in the recipient's local time (the defaults when never saved)",
  fields: (t) => ({
    start: t.exposeString('start'),
    end: t.exposeString('end'),
    states: t.field({ type: [StateWindowRef], resolve: (q) => q.states }),
  }),
});

const StateWindowInput = builder.inputType('QuietHoursStateWindowInput', {
  fields: (t) => ({
    state: t.string({ required: true }),
    days: t.field({ type: enumRef(QuietHoursDays), required: true }),
    start: t.string({ required: true }),
    end: t.string({ required: true }),
  }),
});

export const QuietHoursInput = builder.inputType('QuietHoursInput', {
  fields: (t) => ({
    start: t.string({ required: true }),
    end: t.string({ required: true }),
    states: t.field({ type: [StateWindowInput], required: true }),
  }),
});

builder.objectFields(OrganizationRef, (t) => ({
  quietHours: t.field({
    type: QuietHoursRef,
    nullable: true,
    description: "The viewer's own organization's quiet hours; null for another",
    resolve: (org, _a, ctx: Context) => {
      const viewer = assertCan(ctx.viewer, 'View', 'Organization');
      if (org.id !== viewer.organizationId) return null;
      return ctx.tenant((tx) => loadQuietHours(tx, org.id));
    },
  }),
}));
