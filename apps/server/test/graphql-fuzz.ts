import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';

/**
 * Arguments of the right shape for any GraphQL field, made from its schema types, with the values that break
 * servers: huge and negative numbers, empty, very long and NUL-bearing strings, ids of nothing, malformed dates.
 * Deterministic: the same seed makes the same arguments, so a failure can be replayed.
 */

const LONG = 'x'.repeat(20_000);
const ids = ['999999999', '-1', '0', '1e23', 'abc', '', '9223372036854775808'];
const strings = ['', LONG, 'a\u0000b', 'Hello', '1e23', '-1', ' ', '\u0001\u001f', '🙂'.repeat(500)];
const scalars: Record<string, readonly unknown[]> = {
  ID: ids,
  String: strings,
  Int: [0, -1, 2_147_483_647, -2_147_483_648, 1],
  Float: [1e23, -1, 0, 1.5, -1e23],
  Boolean: [true, false],
  DateTime: ['2026-01-01T00:00:00Z', 'not a date', '', '99999-12-31T00:00:00Z', '1e23', '2026-02-30T25:61:00'],
  JSON: [{}, { a: 'a\u0000b', n: 1e23 }, ['x'], 'text', 1e23, { filters: [{ field: 'id', value: '1e23' }] }],
};

/** A small deterministic generator (mulberry32): every call moves on. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return {
    pick<T>(options: readonly T[]): T {
      return options[next() % options.length];
    },
    chance: (oneIn: number) => next() % oneIn === 0,
  };
}
export type Random = ReturnType<typeof randomSource>;

/** A value of `type`; optional parts are sometimes left out, null sometimes given. `depth` stops recursive inputs. */
export function valueOf(type: GraphQLInputType, random: Random, depth = 0): unknown {
  if (isNonNullType(type)) return filled(type.ofType, random, depth);
  if (depth > 4 || random.chance(8)) return null;
  return filled(type, random, depth);
}

function filled(type: GraphQLInputType, random: Random, depth: number): unknown {
  if (isListType(type)) {
    const length = random.pick([0, 1, 2]);
    return Array.from({ length }, () => valueOf(type.ofType, random, depth + 1));
  }
  if (isEnumType(type)) return random.pick(type.getValues()).name;
  if (isScalarType(type)) return random.pick(scalars[type.name] ?? strings);
  if (isInputObjectType(type)) {
    const object: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) {
      if (!isNonNullType(field.type) && random.chance(3)) continue;
      object[field.name] = valueOf(field.type, random, depth + 1);
    }
    return object;
  }
  return null;
}

/** `value` written as a GraphQL literal of `type` (enum values bare, objects and lists inline). */
export function literal(value: unknown, type: GraphQLInputType): string {
  if (value === null || value === undefined) return 'null';
  if (isNonNullType(type)) return literal(value, type.ofType);
  if (isListType(type)) return `[${(value as unknown[]).map((v) => literal(v, type.ofType)).join(', ')}]`;
  if (isEnumType(type)) return String(value);
  if (isInputObjectType(type)) {
    const fields = type.getFields();
    const entries = Object.entries(value as Record<string, unknown>).map(
      ([name, v]) => `${name}: ${literal(v, fields[name].type)}`,
    );
    return `{${entries.join(', ')}}`;
  }
  return jsonLiteral(value);
}

/** A JSON value as a GraphQL literal (the JSON scalar takes objects and lists written inline). */
function jsonLiteral(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsonLiteral).join(', ')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${k}: ${jsonLiteral(v)}`)
      .join(', ')}}`;
  // JSON's string escapes are GraphQL's; a number's text (1e+23) is a GraphQL float.
  return JSON.stringify(value);
}

/** One mutation document, with its arguments inline or as variables. */
export function mutationDocument(
  field: GraphQLField<unknown, unknown>,
  args: Record<string, unknown>,
  inline: boolean,
): { query: string; variables: Record<string, unknown> } {
  const given = field.args.filter((arg: GraphQLArgument) => arg.name in args);
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  const call = given.length
    ? `(${given.map((a) => `${a.name}: ${inline ? literal(args[a.name], a.type) : `$${a.name}`}`).join(', ')})`
    : '';
  const declared = inline || !given.length ? '' : `(${given.map((a) => `$${a.name}: ${String(a.type)}`).join(', ')})`;
  return {
    query: `mutation Fuzz${declared} { ${field.name}${call}${selection} }`,
    variables: inline ? {} : Object.fromEntries(given.map((a) => [a.name, args[a.name]])),
  };
}

/** A value for each argument of `field`: required ones always, optional ones most of the time. */
export function argumentsOf(field: GraphQLField<unknown, unknown>, random: Random): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const arg of field.args) {
    if (!isNonNullType(arg.type) && random.chance(4)) continue;
    args[arg.name] = valueOf(arg.type, random);
  }
  return args;
}
