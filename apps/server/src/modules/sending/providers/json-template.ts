/**
 * A JSON body template an operator writes for an HTTP provider, e.g. {"to":"{to}","text":"{body}"}. The template is
 * parsed as JSON first and placeholders are replaced inside its string values, so a message body can never break
 * out of its string; a value that is exactly "{mediaUrls}" becomes the array itself.
 */
export type TemplateValues = Record<string, string | string[]>;

const placeholder = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

function fillString(text: string, values: TemplateValues): unknown {
  const whole = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(text);
  if (whole && Array.isArray(values[whole[1]])) return values[whole[1]];
  return text.replace(placeholder, (match, name: string) => {
    const value = values[name];
    if (value === undefined) return match;
    return Array.isArray(value) ? value.join(',') : value;
  });
}

function fill(node: unknown, values: TemplateValues): unknown {
  if (typeof node === 'string') return fillString(node, values);
  if (Array.isArray(node)) return node.map((n) => fill(n, values));
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, fill(v, values)]));
  }
  return node;
}

/** The template parsed once (a provider sends thousands of texts with one), filled for each text. */
export function compileJsonTemplate(template: string): (values: TemplateValues) => string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(template);
  } catch {
    throw new Error(
      "The provider setting HTTP_BODY_TEMPLATE is not valid JSON: correct it in the brand's configuration.",
    );
  }
  return (values) => JSON.stringify(fill(parsed, values));
}

/** Fills placeholders in a plain string (a URL or a header value). */
export const fillText = (text: string, values: TemplateValues): string => String(fillString(text, values));

/** The value at a dotted path (`data.messages.0.id`) of a parsed JSON answer. */
export function valueAt(json: unknown, path: string): unknown {
  return path
    .split('.')
    .filter(Boolean)
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      json,
    );
}
