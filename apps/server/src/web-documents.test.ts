import { resourceDocuments, resources } from '@canvass/domain';
import { parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { queryLimitRules } from './platform/graphql/limits';
import { buildSchema } from './schema';

// The web builds its GraphQL documents from the registry at run time; this keeps every one of them valid against
// the schema the server actually serves, so a renamed field fails here rather than on a user's screen.
// A read-only resource (a list's rows) has no new/create/update/destroy: the server serves none and its screens
// offer none (no Add, no edit), so only its reading documents are checked.
const WRITES = new Set(['blank', 'create', 'update', 'destroy']);

describe.each(Object.values(resources))('the web documents of $name', (def) => {
  const documents = Object.entries(resourceDocuments(def)).filter(
    ([kind, doc]) => doc !== undefined && !(def.readOnly && WRITES.has(kind)),
  ) as [string, string][];

  it.each(documents)('%s is valid against the served schema', (_kind, doc) => {
    expect(validate(buildSchema(), parse(doc)).map((e) => e.message)).toEqual([]);
  });

  // The limits refuse abusive requests; the app's own documents must stay well inside them.
  it.each(documents)('%s passes the query limits', (_kind, doc) => {
    const rules = [...specifiedRules, ...queryLimitRules()];
    expect(validate(buildSchema(), parse(doc), rules).map((e) => e.message)).toEqual([]);
  });
});
