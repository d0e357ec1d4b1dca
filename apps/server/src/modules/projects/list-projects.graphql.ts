import { builder } from '../../platform/graphql/builder';
import { extendRecord } from '../../platform/graphql/record-extensions';
import { projectsUsingList } from './projects.service';

/**
 * What projects add to the List type: how many projects use the list. Projects load lists, so the field lives
 * here rather than in lists (lists sit below projects in the order of modules). Called with the List type the
 * registry made.
 */
extendRecord('list', (listRef) => {
  builder.objectFields(listRef, (t) => ({
    projectsCount: t.int({
      description: 'Projects using the list (that the viewer may see)',
      resolve: (list, _a, ctx) => ctx.tenant((tx, viewer) => projectsUsingList(tx, viewer, list.id)),
    }),
  }));
});
