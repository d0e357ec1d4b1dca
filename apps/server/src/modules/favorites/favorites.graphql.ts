import { GraphQLError } from 'graphql';
import { builder } from '../../platform/graphql/builder';
import { parseId } from '../../platform/graphql/resource-schema';
import { favoriteIds, favoriteTargets, toggleFavorite, type FavoriteTarget } from './favorites.service';

const FavoritePayloadRef = builder.objectRef<{ isFavorite: boolean }>('FavoritePayload').implement({
  fields: (t) => ({ isFavorite: t.exposeBoolean('isFavorite') }),
});

type TargetArgs = Partial<Record<FavoriteTarget, string | null>>;

/** Exactly one of the favourite targets (clientId, phoneId …: the registry's favourite resources). */
function pickTarget(args: TargetArgs): { target: FavoriteTarget; id: number } {
  const given = favoriteTargets.filter((k) => args[k] != null);
  if (given.length !== 1)
    throw new GraphQLError(`Give exactly one of ${favoriteTargets.join(', ')}`, {
      extensions: { code: 'BAD_USER_INPUT' },
    });
  return { target: given[0], id: parseId(args[given[0]]!) };
}

const targetArgs = (t: { arg: { id: () => unknown } }) =>
  Object.fromEntries(favoriteTargets.map((k) => [k, t.arg.id()])) as Record<FavoriteTarget, never>;

builder.queryField('isFavorite', (t) =>
  t.boolean({
    args: targetArgs(t),
    resolve: async (_r, args, ctx) => {
      const { target, id } = pickTarget(args as TargetArgs);
      return ctx.tenant(async (tx, viewer) => (await favoriteIds(tx, viewer, target, [id])).has(id));
    },
  }),
);

builder.mutationField('toggleFavorite', (t) =>
  t.field({
    type: FavoritePayloadRef,
    args: targetArgs(t),
    resolve: async (_r, args, ctx) => {
      const { target, id } = pickTarget(args as TargetArgs);
      const isFavorite = await ctx.tenant((tx, viewer) => toggleFavorite(tx, viewer, target, id));
      if (isFavorite === null) throw new GraphQLError('Not found', { extensions: { code: 'NOT_FOUND' } });
      return { isFavorite };
    },
  }),
);
