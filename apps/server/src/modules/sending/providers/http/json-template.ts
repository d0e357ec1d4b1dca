/**
 * A JSON body template an operator writes for an HTTP provider, e.g. {"to":"{to}","text":"{body}"}. The template is
 * parsed as JSON first and placeholders are replaced inside its string values, so a message body can never break
 * out of its string; a value that is exactly "{mediaUrls}" becomes the array itself.
 * Templates are compiled once (a provider sends thousands of texts with one): each string is split into its literal
 * parts and placeholders, and the body is written as JSON text directly, the fixed parts serialized in advance.
 */
export type TemplateValue = string | string[];
export type TemplateValues = Record<string, TemplateValue>;
/** A placeholder's value by name, undefined when there is none (the placeholder is then left as written). */
export type TemplateLookup = (name: string) => TemplateValue | undefined;

const placeholder = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const wholePlaceholder = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** Own values only, so a placeholder named like an Object method ({toString}) is no value. */
export const lookupIn =
  (values: TemplateValues): TemplateLookup =>
  (name) =>
    Object.hasOwn(values, name) ? values[name] : undefined;

/** A string with its placeholders filled: literal parts at even indexes, placeholder names at odd ones. */
function compileString(text: string): (lookup: TemplateLookup) => string {
  const parts = text.split(placeholder);
  if (parts.length === 1) return () => text;
  return (lookup) => {
    let out = parts[0];
    for (let i = 1; i < parts.length; i += 2) {
      const value = lookup(parts[i]);
      out += (value === undefined ? `{${parts[i]}}` : Array.isArray(value) ? value.join(',') : value) + parts[i + 1];
    }
    return out;
  };
}

/** A template node as JSON text: fixed nodes serialized once, strings with placeholders per fill. */
function compileNode(node: unknown): (lookup: TemplateLookup) => string {
  if (typeof node === 'string') {
    const fillString = compileString(node);
    const whole = wholePlaceholder.exec(node)?.[1];
    if (whole === undefined) return (lookup) => JSON.stringify(fillString(lookup));
    // A value that is exactly one placeholder of a list becomes the list.
    return (lookup) => {
      const value = lookup(whole);
      return JSON.stringify(Array.isArray(value) ? value : fillString(lookup));
    };
  }
  if (Array.isArray(node)) {
    const items = node.map(compileNode);
    return (lookup) => `[${items.map((item) => item(lookup)).join(',')}]`;
  }
  if (node && typeof node === 'object') {
    // Object.entries gives the order JSON.stringify writes an object's keys in.
    const members = Object.entries(node).map(([key, value]) => ({
      key: `${JSON.stringify(key)}:`,
      value: compileNode(value),
    }));
    return (lookup) => {
      let out = '{';
      for (let i = 0; i < members.length; i++) out += (i ? ',' : '') + members[i].key + members[i].value(lookup);
      return `${out}}`;
    };
  }
  const fixed = JSON.stringify(node);
  return () => fixed;
}

/** The template parsed once, filled for each text as JSON text. */
export function compileJsonTemplate(template: string): (lookup: TemplateLookup) => string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(template);
  } catch {
    throw new Error(
      "The provider setting HTTP_BODY_TEMPLATE is not valid JSON: correct it in the brand's configuration.",
    );
  }
  return compileNode(parsed);
}

/** A plain string (a URL or a header value) compiled once, its placeholders filled for each text. */
export const compileText = (text: string): ((lookup: TemplateLookup) => string) => compileString(text);

/** The names of a string's placeholders, in order. */
export const placeholdersIn = (text: string): string[] => [...text.matchAll(placeholder)].map((m) => m[1]);

/** Fills placeholders in a plain string once. */
export const fillText = (text: string, values: TemplateValues): string => compileString(text)(lookupIn(values));

/** The value at a dotted path (`data.messages.0.id`) of a parsed JSON answer. */
export const valueAt = (json: unknown, path: string): unknown => pathReader(path)(json);

/** A dotted path split once, for reading the same path of many answers. */
export function pathReader(path: string): (json: unknown) => unknown {
  const keys = path.split('.').filter(Boolean);
  return (json) => {
    let node = json;
    for (const key of keys)
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    return node;
  };
}
