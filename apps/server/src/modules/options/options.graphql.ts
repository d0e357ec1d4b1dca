import { usAreaCodes, usStates, usTimeZones } from '@canvass/domain';
import { GraphQLError } from 'graphql';
import { UnauthenticatedError } from '../../platform/auth/viewer';
import { builder } from '../../platform/graphql/builder';
import { optionsOf, optionTypes, type OptionShape } from './options.service';

/** Spec §9: area codes are fetched up to 500. */
const AREA_CODE_LIMIT = 500;

const OptionRef = builder.objectRef<OptionShape>('Option').implement({
  fields: (t) => ({
    optionType: t.exposeString('optionType'),
    name: t.exposeString('name'),
    label: t.exposeString('label'),
    groupId: t.exposeString('groupId', { nullable: true }),
  }),
});
const TimeZoneRef = builder.objectRef<{ name: string; label: string }>('TimeZone').implement({
  fields: (t) => ({ name: t.exposeString('name'), label: t.exposeString('label') }),
});
const StateRef = builder.objectRef<{ name: string; abbreviation: string }>('State').implement({
  fields: (t) => ({ name: t.exposeString('name'), abbreviation: t.exposeString('abbreviation') }),
});
const AreaCodeRef = builder.objectRef<{ code: string; name: string }>('AreaCode').implement({
  fields: (t) => ({ code: t.exposeString('code'), name: t.exposeString('name') }),
});

builder.queryFields((t) => ({
  options: t.field({
    type: [OptionRef],
    description: `Options by type: ${optionTypes.join(', ')}`,
    args: { optionType: t.arg.string({ required: true }) },
    resolve: (_r, { optionType }, ctx) => {
      if (!ctx.viewer) throw new UnauthenticatedError();
      const list = optionsOf(optionType);
      if (!list)
        throw new GraphQLError(`Unknown option type: ${optionType}`, { extensions: { code: 'BAD_USER_INPUT' } });
      return list;
    },
  }),
  timeZones: t.field({ type: [TimeZoneRef], resolve: () => [...usTimeZones] }),
  states: t.field({ type: [StateRef], resolve: () => [...usStates] }),
  areaCodes: t.field({
    type: [AreaCodeRef],
    args: { search: t.arg.string(), limit: t.arg.int() },
    resolve: (_r, { search, limit }) =>
      usAreaCodes()
        .filter((c) => !search || c.startsWith(search.replace(/\D/g, '')))
        .slice(0, Math.min(limit ?? AREA_CODE_LIMIT, AREA_CODE_LIMIT))
        .map((code) => ({ code, name: `(${code})` })),
  }),
}));
