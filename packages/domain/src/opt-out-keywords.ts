/**
 * What an inbound message asks for (issue 15 §1): to stop (OptOut), for help (Help), to be texted again (OptIn),
 * or nothing (null: it is just a reply). Pure and shared, so the webhook path and the screens agree.
 *
 * Two readings, in order:
 * 1. Keywords: the whole message, case, spaces and punctuation ignored ('S.T.O.P!' is STOP). The carriers' words
 *    (CTIA), plus the organization's own extra opt-out keywords.
 * 2. Plain language, read by meaning (issue 35 §9): a short message, or a clause of one, whose words all belong to
 *    a request to stop ('borrar mi número', 'cancelar suscripción', 'Para', 'take me off please') or for help ('Help
 *    me', 'Ayuda por favor'), in English or Spanish; and explicit requests to stop anywhere in a longer message ('I
 *    told you to stop texting me'). A reply that merely contains the word ('don't stop now', 'I can't stop
 *    laughing', 'help is on the way', 'para mí es importante') is not one. Plain-language opt-outs are on unless the
 *    organization turns them off; plain-language help always.
 */
import { clauseIntent } from './inbound/clause-intent';
import { clausesOf, keywordForm, normalizeInbound } from './inbound/normalize';
import { hasOptOutPhrase } from './inbound/opt-out-phrases';

export { keywordForm, normalizeInbound };

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

const keywordSet = (words: readonly string[]) => new Set(words.map(keywordForm));
const optOutKeywords = keywordSet(OPT_OUT_KEYWORDS);
const helpKeywords = keywordSet(HELP_KEYWORDS);
const optInKeywords = keywordSet(OPT_IN_KEYWORDS);

/**
 * Whether the message says stop in plain words: a clause that is only a request to stop ('wrong number, stop',
 * 'borrar mi número', 'Para'; see inbound/clause-intent.ts), or an explicit request anywhere in a longer message
 * ('I told you to stop texting me'; see inbound/opt-out-phrases.ts).
 */
export function isPlainLanguageOptOut(body: string): boolean {
  return clausesOf(body).some((clause) => clauseIntent(clause) === 'OptOut') || hasOptOutPhrase(normalizeInbound(body));
}

/** Whether a clause of the message is only a request for help ('help me', 'I need help', 'ayuda por favor'). */
export function isPlainLanguageHelp(body: string): boolean {
  return clausesOf(body).some((clause) => clauseIntent(clause) === 'Help');
}

/** What the message asks for: see the module comment. */
export function classifyInbound(body: string, settings: KeywordSettings = {}): InboundIntent | null {
  const word = keywordForm(body);
  if (optOutKeywords.has(word)) return 'OptOut';
  if ((settings.optOutKeywords ?? []).some((k) => keywordForm(k) === word && word !== '')) return 'OptOut';
  if (helpKeywords.has(word)) return 'Help';
  if (optInKeywords.has(word)) return 'OptIn';
  if (settings.plainLanguageOptOuts !== false && isPlainLanguageOptOut(body)) return 'OptOut';
  // A help reply changes nothing for the recipient and missing one leaves a person asking unanswered: help in plain
  // words is always read, whatever the organization chose for opt-outs.
  if (isPlainLanguageHelp(body)) return 'Help';
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
