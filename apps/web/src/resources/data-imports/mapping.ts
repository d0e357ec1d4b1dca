/** File column header → field name; a column left out is not imported. */
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
