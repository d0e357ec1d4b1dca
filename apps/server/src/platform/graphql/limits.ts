import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import {
  getNullableType,
  GraphQLError,
  isListType,
  NoSchemaIntrospectionCustomRule,
  type ValidationRule,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { isAsyncIterable } from 'graphql-yoga';

/**
 * What one GraphQL request may ask for. The web's own documents (built from the registry) stay far below these;
 * a request of hundreds of aliased lists or thousands of aliases is refused before it reaches a resolver.
 * GraphQL Armor's rules do depth, aliases, tokens and the per-field cost; the list rule below charges each list a
 * field returns, whatever its page size is passed as (Armor's cost counts `first` only when written inline).
 */
export const queryLimits = {
  depth: 12,
  aliases: 20,
  tokens: 5000,
  // A full page (first: 500, the largest the API serves) of a resource with its references costs about 15,000.
  cost: 50000,
  lists: 30,
} as const;

/** Each field that returns a list counts; more than `max` in one document is refused. */
export function maxListsRule(max: number): ValidationRule {
  return (context) => {
    let lists = 0;
    return {
      Field() {
        const def = context.getFieldDef();
        if (def && isListType(getNullableType(def.type))) lists += 1;
      },
      Document: {
        leave() {
          if (lists > max) context.reportError(new GraphQLError(`Lists limit of ${max} exceeded, found ${lists}.`));
        },
      },
    };
  };
}

/** The validation rules of the limits, for the server and for tests that check documents against them. */
export function queryLimitRules(): ValidationRule[] {
  return [
    maxDepthRule({ n: queryLimits.depth }),
    maxAliasesRule({ n: queryLimits.aliases }),
    costLimitRule({ maxCost: queryLimits.cost }),
    maxListsRule(queryLimits.lists),
  ];
}

/** The Yoga plugins: token limit at parse time, the rules at validation, introspection only when allowed. */
export function queryLimitPlugins(opts: { introspection: boolean }): Plugin[] {
  const rules = [...queryLimitRules(), ...(opts.introspection ? [] : [NoSchemaIntrospectionCustomRule])];
  return [
    maxTokensPlugin({ n: queryLimits.tokens }) as Plugin,
    { onValidate: ({ addValidationRule }) => rules.forEach((rule) => addValidationRule(rule)) },
  ];
}

/** graphql-js's hint that names what the schema has: 'Did you mean "clients"?', '… the enum value "Active"?'. */
const SUGGESTION = /\s*Did you mean .*\?$/s;

function withoutSuggestion<E extends Error>(error: E): E | GraphQLError {
  if (!(error instanceof GraphQLError) || !SUGGESTION.test(error.message)) return error;
  return new GraphQLError(error.message.replace(SUGGESTION, ''), {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions,
  });
}

/**
 * Production answers never suggest field, argument or enum names: with introspection off, "Did you mean …?" would
 * still spell out the schema one guess at a time. Validation errors and variables' coercion errors both carry them.
 */
export function hideSuggestionsPlugin(): Plugin {
  return {
    onValidate:
      () =>
      ({ valid, result, setResult }) => {
        if (!valid) setResult(result.map(withoutSuggestion));
      },
    onExecute: () => ({
      onExecuteDone({ result, setResult }) {
        if (isAsyncIterable(result) || !result.errors?.length) return;
        setResult({ ...result, errors: result.errors.map(withoutSuggestion) });
      },
    }),
  };
}
