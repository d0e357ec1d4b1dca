/** Mantine colour names; the UI maps them to its palette. */
export type Colour = 'green' | 'purple' | 'yellow' | 'blue' | 'red' | 'gray' | 'orange' | 'teal';

export interface EnumDef<V extends string> {
  name: string;
  values: readonly V[];
  label(value: V): string;
  colour(value: V): Colour;
  options(): { value: V; label: string }[];
  is(value: unknown): value is V;
}

/** Splits PascalCase into words: "PoliticalActionCommittee" → "Political Action Committee". */
export function humanize(value: string): string {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/_/g, ' ');
}

/**
 * One enumeration of spec §4: its values in order, with a label and a colour for each.
 * The server's database enum, GraphQL enum and the web's badges all read from this.
 */
export function defineEnum<const V extends string>(
  name: string,
  values: readonly V[],
  opts: { labels?: Partial<Record<V, string>>; colours?: Partial<Record<V, Colour>>; defaultColour?: Colour } = {},
): EnumDef<V> {
  const set = new Set<string>(values);
  const def: EnumDef<V> = {
    name,
    values,
    label: (v) => opts.labels?.[v] ?? humanize(v),
    colour: (v) => opts.colours?.[v] ?? opts.defaultColour ?? 'gray',
    options: () => values.map((v) => ({ value: v, label: def.label(v) })),
    is: (v): v is V => typeof v === 'string' && set.has(v),
  };
  return def;
}

export type EnumValue<E> = E extends EnumDef<infer V> ? V : never;

/** Gives every listed value the same colour: colourAll(['A','B'], 'red'). */
export function colourAll<V extends string>(values: readonly V[], colour: Colour): Partial<Record<V, Colour>> {
  return Object.fromEntries(values.map((v) => [v, colour])) as Partial<Record<V, Colour>>;
}
