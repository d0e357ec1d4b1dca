import { countSegments } from './segments';

/**
 * The compliance check of a project's message before it is loaded (issue 13 §7): warnings, not refusals. Each has a
 * stable code (for tests and for whoever hides or counts them) and a sentence a staffer can act on.
 */
export type ComplianceWarningCode = 'clientNotNamed' | 'noOptOutLanguage' | 'publicUrlShortener' | 'tooManySegments';

export interface ComplianceWarning {
  code: ComplianceWarningCode;
  message: string;
}

export interface ComplianceInput {
  /** The message as recipients get it where possible (renderMessage), so a text default naming the client counts. */
  message: string;
  /** The project's client; no client-name warning when unknown. */
  clientName?: string | null;
  /** Whether this is the first message recipients get from the client (the project message is, by default). */
  isFirstMessage?: boolean;
}

/** Past this many segments a message is flagged: carriers filter very long blasts, and each segment is billed. */
export const MAX_COMPLIANT_SEGMENTS = 10;

/** Public shorteners carriers filter (shared domains used by spammers). Hosts, matched with their subdomains. */
export const PUBLIC_URL_SHORTENERS = [
  'bit.ly',
  'bitly.com',
  'tinyurl.com',
  'goo.gl',
  'ow.ly',
  't.co',
  'is.gd',
  'v.gd',
  'buff.ly',
  'rebrand.ly',
  'cutt.ly',
  'shorturl.at',
  'rb.gy',
  'tiny.cc',
  't.ly',
  'shorte.st',
  'bl.ink',
  'lnkd.in',
  'soo.gd',
  's.id',
  'qrco.de',
  'tiny.one',
] as const;

export const complianceMessages = {
  clientNotNamed: (client: string) =>
    `The first message should name the client: add "${client}" so recipients know who is texting them.`,
  noOptOutLanguage:
    'The first message should tell recipients how to opt out: add opt-out language such as "Reply STOP to opt out" (type / in the message to insert one).',
  publicUrlShortener: (hosts: readonly string[]) =>
    `The message links through ${hosts.join(', ')}, ${hosts.length > 1 ? 'public URL shorteners' : 'a public URL shortener'} that carriers often block: use one of the organization's shortened links instead.`,
  tooManySegments: (segments: number) =>
    `The message is ${segments} segments long, more than ${MAX_COMPLIANT_SEGMENTS}: carriers may filter it and every segment is billed. Shorten it.`,
} as const;

// Letters of any script count as word characters, so "STOP" inside "PARADA" or "Stopped" is not a keyword.
const notAfterWord = '(?<![\\p{L}\\p{N}])';
const notBeforeWord = '(?![\\p{L}\\p{N}])';

/** Keywords carriers (and the opt-out handling of §5 of the architecture) treat as an opt-out. */
const KEYWORDS = 'stop|stopall|unsubscribe|cancel|end|quit|parar|baja|alto';
/** Words that ask for a keyword to be sent: "Reply STOP", "Text END", "Responde PARAR", "Envía BAJA". */
const COMMAND_VERBS = 'reply|text|txt|send|respond|msg|responde|responda|envía|envia|envíe|envie|escribe|manda|textea';
/** What sending the keyword does: "STOP to opt out", "STOP2END", "STOP=quit", "PARAR para salir". */
const OUTCOMES =
  'opt[- ]?out|end|quit|stop|unsubscribe|unsub|cancel|be removed|remove|salir|cancelar|terminar|no recibir|dejar de recibir|darte de baja|darse de baja|baja';

const commandForm = new RegExp(
  `${notAfterWord}(?:${COMMAND_VERBS})\\s*[:\\-]?\\s*(?:(?:with|the word|con|la palabra)\\s+)?["'“‘]?(?:${KEYWORDS})${notBeforeWord}`,
  'iu',
);
const outcomeForm = new RegExp(
  `${notAfterWord}(?:stop|stopall|unsubscribe|parar|baja)["'”’]?\\s*(?:to|2|=|para|-)\\s*(?:${OUTCOMES})${notBeforeWord}`,
  'iu',
);

/**
 * Whether a message carries opt-out language. The rule: a keyword (STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT,
 * or Spanish PARAR, BAJA, ALTO) asked for by a verb ("Reply STOP", "Text END", "Responde PARAR", "Envía BAJA"), or
 * STOP / UNSUBSCRIBE / PARAR / BAJA followed by what it does ("STOP to opt out", "stop to quit", "STOP2END",
 * "STOP=END", "PARAR para salir"). Case does not matter. A bare "stop" ("stop by our office") is not enough.
 */
export function hasOptOutLanguage(message: string): boolean {
  return commandForm.test(message) || outcomeForm.test(message);
}

const fold = (s: string) => s.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

/** Whether the message names the client (case-insensitive, any run of spaces matching one). */
export function namesClient(message: string, clientName: string): boolean {
  const name = fold(clientName);
  return name.length > 0 && fold(message).includes(name);
}

// A host-looking run: labels joined by dots, ending in a letter TLD. Not preceded by what would make it part of a
// longer host, an e-mail address or a path ("at.com" is not "t.co"; "joe@t.co" is an address, not a link).
const HOST =
  /(?<![\p{L}\p{N}.@/-])(?:https?:\/\/)?((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,})(?![\p{L}\p{N}-])/giu;

/** The public shorteners a message links through, each once, as listed in PUBLIC_URL_SHORTENERS. */
export function publicUrlShorteners(message: string): string[] {
  const found = new Set<string>();
  for (const m of message.matchAll(HOST)) {
    const host = m[1].toLowerCase().replace(/^www\./, '');
    const hit = PUBLIC_URL_SHORTENERS.find((s) => host === s || host.endsWith(`.${s}`));
    if (hit) found.add(hit);
  }
  return [...found];
}

/** The warnings of a message, in a fixed order (client, opt-out, shorteners, length); none for an empty message. */
export function complianceWarnings(input: ComplianceInput): ComplianceWarning[] {
  const { message, clientName, isFirstMessage = true } = input;
  if (!message.trim()) return [];
  const warnings: ComplianceWarning[] = [];
  if (isFirstMessage && clientName?.trim() && !namesClient(message, clientName))
    warnings.push({ code: 'clientNotNamed', message: complianceMessages.clientNotNamed(clientName.trim()) });
  if (isFirstMessage && !hasOptOutLanguage(message))
    warnings.push({ code: 'noOptOutLanguage', message: complianceMessages.noOptOutLanguage });
  const shorteners = publicUrlShorteners(message);
  if (shorteners.length)
    warnings.push({ code: 'publicUrlShortener', message: complianceMessages.publicUrlShortener(shorteners) });
  const { segments } = countSegments(message);
  if (segments > MAX_COMPLIANT_SEGMENTS)
    warnings.push({ code: 'tooManySegments', message: complianceMessages.tooManySegments(segments) });
  return warnings;
}
