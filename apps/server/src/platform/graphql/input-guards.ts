import { GraphQLError, visit, BREAK, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';

export const inputMessages = {
  nulCharacter: 'Text may not contain the NUL character (\\0)',
} as const;

const hasNul = (text: string) => text.includes('\u0000');

/** Whether a variable's value holds a string with a NUL anywhere inside it (input objects, lists, JSON values). */
function valueHasNul(value: unknown): boolean {
  if (typeof value === 'string') return hasNul(value);
  if (Array.isArray(value)) return value.some(valueHasNul);
  if (value !== null && typeof value === 'object') return Object.values(value).some(valueHasNul);
  return false;
}

/** Whether a string literal written in the document holds a NUL (an escaped \u0000 is one once parsed). */
function literalsHaveNul(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    StringValue(node) {
      if (!hasNul(node.value)) return undefined;
      found = true;
      return BREAK;
    },
  });
  return found;
}

/**
 * No string argument of any operation may hold a NUL, inline or as a variable, at any depth: PostgreSQL stores none
 * (neither text nor jsonb), and every resolver that passed one on failed with an internal error whose log carries
 * the statement. Refused once here as the user's error, before any resolver runs.
 */
export function inputGuardPlugin(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      if (!literalsHaveNul(args.document) && !valueHasNul(args.variableValues)) return;
      setResultAndStopExecution({
        errors: [new GraphQLError(inputMessages.nulCharacter, { extensions: { code: 'BAD_USER_INPUT' } })],
      });
    },
  };
}
