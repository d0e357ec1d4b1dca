import { filterOperations } from '@canvass/domain';
import { builder } from './builder';

export const SortOrderRef = builder.enumType('SortOrder', { values: ['Asc', 'Desc'] as const });
export const FilterOperationRef = builder.enumType('FilterOperation', {
  description:
    'Equal, In (arrayValues), With (the field has a value; value "false": has none), Like (contains, any case), GreaterThan, LessThan',
  values: filterOperations,
});
export const FilterInputRef = builder.inputType('FilterInput', {
  fields: (t) => ({
    field: t.string({ required: true }),
    operation: t.field({ type: FilterOperationRef, required: true }),
    value: t.string(),
    arrayValues: t.stringList(),
  }),
});

export interface PageInfoShape {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}
export const PageInfoRef = builder.objectRef<PageInfoShape>('PageInfo').implement({
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage'),
    hasPreviousPage: t.exposeBoolean('hasPreviousPage'),
    startCursor: t.exposeString('startCursor', { nullable: true }),
    endCursor: t.exposeString('endCursor', { nullable: true }),
  }),
});

export interface ReferenceShape {
  id: number;
  name: string;
}
export const ReferenceRef = builder.objectRef<ReferenceShape>('Reference').implement({
  description: 'The id and name of a referenced record (a client agency, a brand client)',
  fields: (t) => ({ id: t.exposeID('id'), name: t.exposeString('name') }),
});
