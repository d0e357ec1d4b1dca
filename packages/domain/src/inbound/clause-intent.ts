import { anyOf } from './any-of';
import {
  COURTESY,
  ENOUGH,
  HELP_VOCABULARY,
  LEANING,
  MESSAGING,
  MESSAGING_NOUNS,
  MESSAGING_VERBS_ENGLISH,
  MESSAGING_VERBS_SPANISH_PATTERN,
  OPT_OUT_VOCABULARY,
  SPANISH_VERBS_PATTERN,
  type Vocabulary,
} from './lexicon';

/**
 * What one short clause asks for, read by meaning: a clause made only of the words of a request to stop (a verb of
 * stopping, unsubscribing, removing or deleting; what it is about: me, my number, these texts, la suscripción; how
 * people wrap and soften it: 'I want to', 'can you', 'please', 'por favor', 'ya') is an opt-out, and one made only of
 * the words of a request for help ('help me', 'I need help', 'ayuda por favor') asks for help. One word from outside
 * ('stop by the office', 'para mí es importante', 'help is on the way', 'basta de corrupción') makes it an ordinary
 * reply, and so does a negation ('don't stop', 'no paren', 'no necesito ayuda').
 */
export type ClauseIntent = 'OptOut' | 'Help';

/** Marks a clause whose verb a 'no' negates: a word no vocabulary holds. */
const NEGATED = '_negated_';

/**
 * Phrases turned into the one word that carries their meaning, in order, before the clause is read word by word.
 * Each is a way of saying something the vocabularies hold, not a message.
 */
const REWRITES: readonly (readonly [RegExp, string])[] = [
  // Negations and contractions as one word, as most people type them.
  [/\bdo not\b/g, 'dont'],
  [/\bcan ?not\b/g, 'cant'],
  [/\bwill not\b/g, 'wont'],
  [/\bi am\b/g, 'im'],
  [/\bi would\b/g, 'id'],
  // Courtesy in several words.
  [/\b(por favor|favor de)\b/g, 'porfavor'],
  [/\bthank you\b/g, 'thanks'],
  [/\bright (now|away)\b/g, 'now'],
  [/\bde una vez\b/g, 'ya'],
  [/\b(wrong number|numero equivocado)\b/g, 'wrongnumber'],
  // Asking someone to do it: 'can you help me' asks for help, 'can I help' offers it. The asking wrapper goes (a
  // negated one stays for the negations below); an offer keeps its 'I', which no help vocabulary holds.
  [/\b(can|could|would|will) (you|u|someone|somebody|anyone|anybody) /g, ''],
  [/(?<!\b(dont|never) )\b((i|we) )?need /g, ''],
  [/\b(alguien )?(me|nos) (puede|pueden|puedes|podria|podrian) /g, '$2 '],
  [/(?<!\b(no|nunca) )\b(necesito|necesitamos) /g, ''],
  [/\b(quiero|quisiera|deseo|pido) que\b/g, 'quiero'],
  // Opting out in several words: 'opt me out', 'take me off', 'leave me alone', 'no more', 'dar de baja'.
  [/\bopt(ing|ed)?( me| us| this number)? out\b/g, 'optout'],
  [/\b(want|wanna) out\b/g, 'want optout'],
  [/\b(take|get|keep) (me|us|it|my \w+|this \w+) (off|out)\b/g, 'remove $2'],
  [/\btaken off\b/g, 'removed'],
  [/\bleave (me|us) alone\b/g, 'stop'],
  [/\blose (my|this) number\b/g, 'remove my number'],
  [/\bno (more|mas)\b/g, 'stop'],
  [/\b(dar|darme|darse|darnos|denme|deme|dame|dese|den|doy|damos) de baja\b/g, 'baja'],
  [/\b(deja|dejen|deje|dejes|dejar) de\b/g, 'parar'],
  // 'No me vuelvan a escribir': the 'again' of Spanish, around the verb that matters.
  [/\b(vuelvan|vuelvas|vuelva|volver) a /g, ''],
  // Fed up with something: a stop only when the texts are named ('done with these texts', not 'I'm done').
  [/\b(done with|sick of|tired of|fed up with|hart[oa]s? de)\b/g, ENOUGH],
  // Not wanting the texts: 'I don't want these texts', 'ya no quiero mensajes' (not 'no quiero darme de baja').
  [
    new RegExp(
      `\\b(dont|no longer|no) (want|need|wish|quiero|deseo|necesito)( to)?( receive| get| recibir)?` +
        `(?<about>( (any|more|these|those|your|the|this|ur|mas|estos|esos|sus|tus|los|las|ningun|otros))*` +
        ` (${anyOf(MESSAGING_NOUNS)}))\\b`,
      'g',
    ),
    'stop$<about>',
  ],
  // Telling not to text: 'don't text me', 'never contact me again', 'no me escriban', 'nunca me manden'.
  [new RegExp(`\\b(dont|never)( ever)? (${anyOf(MESSAGING_VERBS_ENGLISH)})\\b`, 'g'), 'stop'],
  [new RegExp(`\\b(no|nunca|jamas)( me| nos| le| les)? (${MESSAGING_VERBS_SPANISH_PATTERN})\\b`, 'g'), 'stop'],
  // Any other Spanish verb after 'no' is negated: 'no paren', 'no borren mi número', 'no necesito ayuda'.
  [new RegExp(`\\b(no|nunca|jamas)( (me|nos|te|lo|la|le|les|los|las))* (${SPANISH_VERBS_PATTERN})\\b`, 'g'), NEGATED],
];

/** A word with a letter typed twice at its end ('Stopp', 'pleasee') read as its vocabulary word. */
function known(word: string): string {
  if (OPT_OUT_VOCABULARY.allowed.has(word) || HELP_VOCABULARY.allowed.has(word)) return word;
  const once = word.replace(/([a-z])\1$/, '$1');
  return OPT_OUT_VOCABULARY.allowed.has(once) || HELP_VOCABULARY.allowed.has(once) ? once : word;
}

/** Whether every word belongs to the vocabulary, none leans on nothing (LEANING), and one of them asks. */
function asks(clause: readonly string[], vocabulary: Vocabulary): boolean {
  const leansOnNothing = (w: string, i: number) =>
    LEANING.has(w) && (i + 1 === clause.length || COURTESY.has(clause[i + 1]));
  return (
    clause.every((w, i) => vocabulary.allowed.has(w) && !leansOnNothing(w, i)) &&
    clause.some(
      (w) => vocabulary.asks.has(w) || (vocabulary.asksAboutMessages.has(w) && clause.some((m) => MESSAGING.has(m))),
    )
  );
}

/** What a normalized clause asks for (see the module comment), or null. */
export function clauseIntent(clause: string): ClauseIntent | null {
  const rewritten = REWRITES.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), clause);
  const words = rewritten.split(' ').filter(Boolean).map(known);
  if (!words.length) return null;
  if (asks(words, OPT_OUT_VOCABULARY)) return 'OptOut';
  if (asks(words, HELP_VOCABULARY)) return 'Help';
  return null;
}
