/**
 * What an inbound message asks for (issue 15 §1): to stop (OptOut), for help (Help), to be texted again (OptIn),
 * or nothing (null: it is just a reply). Pure and shared, so the webhook path and the screens agree.
 *
 * Two readings, in order:
 * 1. Keywords: the whole message, case, spaces and punctuation ignored ('S.T.O.P!' is STOP). The carriers' words
 *    (CTIA), plus the organization's own extra opt-out keywords.
 * 2. Plain language (on unless the organization turns it off): the words people really use to say stop, in English
 *    and Spanish, read as phrases with negative guards, so a reply that merely contains the word ('don't stop now',
 *    'I can't stop laughing', 'cancel my doctor appt?') is not an opt-out.
 */
export type InboundIntent = 'OptOut' | 'Help' | 'OptIn';

/** An organization's keyword settings (organizations.settings). */
export interface KeywordSettings {
  /** Extra opt-out keywords, matched like the built-in ones (whole message). */
  optOutKeywords?: readonly string[] | null;
  /** Plain-language and Spanish opt-outs; on unless false. */
  plainLanguageOptOuts?: boolean | null;
}

export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'];
// AYUDA: the Spanish HELP, as carriers answer it.
export const HELP_KEYWORDS = ['HELP', 'INFO', 'AYUDA'];
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP', 'YES'];

/**
 * Lower case, accents folded, apostrophes dropped (don't → dont), a letter typed three times or more once
 * (Stoooop → stop), other punctuation a space, spaces collapsed.
 */
export function normalizeInbound(body: string): string {
  return body
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`´]/g, '')
    .replace(/([a-z])\1{2,}/g, '$1')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The keyword form of a message or a keyword: normalized with its spaces removed too. */
export const keywordForm = (body: string) => normalizeInbound(body).replace(/ /g, '');

const keywordSet = (words: readonly string[]) => new Set(words.map(keywordForm));
const optOutKeywords = keywordSet(OPT_OUT_KEYWORDS);
const helpKeywords = keywordSet(HELP_KEYWORDS);
const optInKeywords = keywordSet(OPT_IN_KEYWORDS);

/**
 * Words that say stop on their own. A short message made only of these and of politeness or filler words
 * ('stop please', 'STOP NOW!!', 'wrong number, stop', 'alto por favor') is an opt-out; one word outside both lists
 * ('cancel my doctor appt?', 'stop by the office') makes it an ordinary reply.
 */
const STOP_WORDS = new Set([
  ...optOutKeywords,
  'unsub',
  'unsuscribe',
  'unsubcribe',
  'remove',
  'parar',
  'alto',
  'cancelar',
  'basta',
  'baja',
  'detener',
]);
const FILLER_WORDS = new Set(
  (
    'please pls plz pleas now it me all already ok okay thanks thank you thx ty just asap immediately right ' +
    'seriously really wrong number sorry hey hi lol no damn fucking fuck texting texts messages ' +
    'por favor ya gracias numero equivocado'
  ).split(' '),
);

/**
 * A negation just before a stop word turns it around: 'dont stop', 'cant stop', 'never stop'. Only right before it:
 * 'not interested, take me off' still opts out.
 */
const NEGATED = /\b(dont|do not|never|cant|cannot|wont|didnt|not|aint|shouldnt|couldnt|wouldnt)( ever)? $/;

/** Phrases that opt out wherever they stand in the message, each with why. */
const OPT_OUT_PHRASES: { pattern: RegExp; guarded: boolean }[] = [
  // 'stop texting me', 'please stop sending these', 'quit messaging me', 'how do I stop these texts'.
  {
    pattern:
      /\b(stop|quit|cease) (\w+ )?(texting|txting|texts|text|messaging|messages|msgs|msging|sending|contacting|spamming|bothering|harassing)\b/,
    guarded: true,
  },
  // 'unsubscribe please', 'how do I unsubscribe', 'opt me out', 'I want to opt out'.
  { pattern: /\b(unsubscribe|unsub|opt me out|opt out|opting out|optout)\b/, guarded: true },
  // 'remove me from this list', 'delete my number', 'take me off your list', 'get me off this list'.
  { pattern: /\b(remove|delete|erase|drop) (me|us|this number|my (number|phone|cell|info|contact))\b/, guarded: true },
  // 'cancel my subscription', 'end these texts'.
  { pattern: /\b(cancel|end) (my |the |these |this |your )?(subscription|texts|messages|alerts)\b/, guarded: true },
  { pattern: /\b(take|get|keep) (me|my (number|phone|cell)) off\b/, guarded: true },
  { pattern: /\boff (your|this|the|ur|ya|these|that) (\w+ )?list\b/, guarded: true },
  // 'no more texts', 'no more messages please'.
  { pattern: /\bno more (texts|text|txts|messages|msgs|texting|messaging)\b/, guarded: false },
  // 'don't text me', 'do not contact me again', 'never text this number again'.
  {
    pattern:
      /\b(dont|do not|never|pls dont|please dont)( ever)? (text|txt|message|msg|contact|spam) (me|us|this number)\b/,
    guarded: false,
  },
  // "I don't want these texts", 'I do not want to receive messages'.
  {
    pattern:
      /\b(dont|do not) want (to (receive|get) )?(any |these |your |more |this |those )*(texts|messages|msgs|txts)\b/,
    guarded: false,
  },
  { pattern: /\b(leave me alone|lose my number)\b/, guarded: false },
  // 'no more', 'no more please' as the whole answer.
  { pattern: /^(no more|no mas)( please| pls| por favor)?$/, guarded: false },
  // Spanish: 'no me envíen más mensajes', 'no me escriban', 'no quiero recibir más mensajes', 'no más mensajes',
  // 'dejen de enviarme mensajes', 'denme de baja', 'quítenme de su lista'.
  { pattern: /\bno me (envien|envies|manden|mandes|escriban|escribas|contacten|textees|molesten)\b/, guarded: false },
  { pattern: /\bno (quiero|deseo) (recibir )?(mas )?(mensajes|textos)\b/, guarded: false },
  { pattern: /\b(no|ya no) mas (mensajes|textos)\b/, guarded: false },
  { pattern: /\bdej(en|a|e) de (enviar|mandar|escribir|textear)\w*\b/, guarded: false },
  { pattern: /\b(dar|darme|denme|deme|dame|dese) de baja\b/, guarded: false },
  { pattern: /\b(borr|elimin|quit|sac|saqu)\w* de (la|su|esta|tu|sus|vuestra) lista\b/, guarded: false },
];

/**
 * Whether a clause is only stop words and filler ('stop please', 'wrong number, stop'). A negation ('dont stop') is
 * no filler word, so such a clause is left to the guarded phrases.
 */
function isStopClause(clause: string): boolean {
  const words = normalizeInbound(clause).split(' ');
  return words.some((w) => STOP_WORDS.has(w)) && words.every((w) => STOP_WORDS.has(w) || FILLER_WORDS.has(w));
}

/** Whether the message says stop in plain words (see OPT_OUT_PHRASES and STOP_WORDS). */
export function isPlainLanguageOptOut(body: string): boolean {
  const text = normalizeInbound(body);
  if (!text) return false;
  // Clause by clause: 'how did you get my number? stop' ends with a clause that says only stop.
  if (body.split(/[.!?,;:\n]+/).some(isStopClause)) return true;
  return OPT_OUT_PHRASES.some(({ pattern, guarded }) => {
    const match = pattern.exec(text);
    return match !== null && !(guarded && NEGATED.test(text.slice(0, match.index)));
  });
}

/** What the message asks for: see the module comment. */
export function classifyInbound(body: string, settings: KeywordSettings = {}): InboundIntent | null {
  const word = keywordForm(body);
  if (optOutKeywords.has(word)) return 'OptOut';
  if ((settings.optOutKeywords ?? []).some((k) => keywordForm(k) === word && word !== '')) return 'OptOut';
  if (helpKeywords.has(word)) return 'Help';
  if (optInKeywords.has(word)) return 'OptIn';
  if (settings.plainLanguageOptOuts !== false && isPlainLanguageOptOut(body)) return 'OptOut';
  return null;
}

/** An organization may add this many opt-out keywords. */
export const MAX_ORGANIZATION_KEYWORDS = 50;

/** The words of the organization's opt-out keyword settings. Not spec texts: the spec has none. */
export const keywordSettingMessages = {
  blank: 'A keyword needs at least one letter or digit',
  tooMany: `At most ${MAX_ORGANIZATION_KEYWORDS} keywords`,
  twice: (keyword: string) => `${keyword} is given more than once`,
  reserved: (keyword: string) => `${keyword} is a HELP or START keyword: it cannot opt out`,
  builtIn: (keyword: string) => `${keyword} already opts out`,
} as const;

/**
 * The organization's opt-out keywords checked as the server stores them and the form shows them: each needs a
 * letter or digit, none twice (as matched: case, spaces and punctuation ignored), none a HELP or START keyword, nor
 * a built-in opt-out keyword. Errors keyed `optOutKeywords.{i}`.
 */
export function keywordSettingErrors(keywords: readonly string[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (keywords.length > MAX_ORGANIZATION_KEYWORDS) errors.optOutKeywords = [keywordSettingMessages.tooMany];
  const seen = new Set<string>();
  keywords.forEach((keyword, i) => {
    const form = keywordForm(keyword);
    const error = !form
      ? keywordSettingMessages.blank
      : seen.has(form)
        ? keywordSettingMessages.twice(keyword.trim())
        : helpKeywords.has(form) || optInKeywords.has(form)
          ? keywordSettingMessages.reserved(keyword.trim())
          : optOutKeywords.has(form)
            ? keywordSettingMessages.builtIn(keyword.trim())
            : null;
    if (error) errors[`optOutKeywords.${i}`] = [error];
    seen.add(form);
  });
  return errors;
}
