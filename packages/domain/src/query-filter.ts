import { z } from 'zod';

/** How a filter of a list compares (spec §7): In reads arrayValues, every other operation reads value. */
export const filterOperations = ['Equal', 'In', 'With', 'Like', 'GreaterThan', 'LessThan'] as const;
export const filterOperationSchema = z.enum(filterOperations);
export type FilterOperation = z.infer<typeof filterOperationSchema>;

/**
 * One filter of a list query (spec §7): the same shape in the GraphQL FilterInput, an export's variables and the
 * web's tables. With: the field has a value (value "false": has none); Like: contains, any case.
 */
export const filterSchema = z.object({
  field: z.string(),
  operation: filterOperationSchema,
  value: z.string().nullish(),
  arrayValues: z.array(z.string()).nullish(),
});
export type Filter = z.infer<typeof filterSchema>;
