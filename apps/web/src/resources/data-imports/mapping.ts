/** File column header → field name (the stored form); a column left out is not imported. */
export type Mapping = Record<string, string>;

/** A stored mapping (JSON text) as an object; anything unreadable is an empty mapping. */
export function readMapping(text: string | null | undefined): Mapping {
  try {
    const parsed: unknown = JSON.parse(text ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Mapping) : {};
  } catch {
    return {};
  }
}

/** Only the columns of this file, only the columns mapped to something. */
export function mappingFor(header: readonly string[], mapping: Mapping): Mapping {
  return Object.fromEntries(header.filter((h) => mapping[h]).map((h) => [h, mapping[h]]));
}

/** The column that fills `field`, or null when none does. */
export function columnOf(mapping: Mapping, field: string): string | null {
  return Object.keys(mapping).find((column) => mapping[column] === field) ?? null;
}

/**
 * The mapping with `field` filled from `column` (null: from none). A field has one column and a column fills one
 * field, so whatever either was mapped to before is let go.
 */
export function withColumn(mapping: Mapping, field: string, column: string | null): Mapping {
  const kept = Object.entries(mapping).filter(([c, f]) => f !== field && c !== column);
  return Object.fromEntries(column ? [...kept, [column, field]] : kept);
}
