import { MESSAGING_VERBS_SPANISH_PATTERN, STOP_VERBS_SPANISH_PATTERN } from './lexicon';

/**
 * Requests to stop explicit enough to count wherever they stand in a longer message ('I told you to stop texting
 * me', 'who is this, remove me from your list', 'no me envíen más mensajes, gracias'): each names the texts or the
 * list. A negation just before the request turns it around ('don't stop texting me', 'no dejen de mandar mensajes').
 */

/** An English negation right before: 'dont stop texting', 'I would never unsubscribe'. */
const NEGATED_ENGLISH = /\b(dont|do not|never|cant|cannot|wont|didnt|not|aint|shouldnt|couldnt|wouldnt)( ever)? $/;
/** A Spanish 'no' before the verb, pronouns and a wish between them: 'no quiero darme de baja', 'no me borren'. */
const NEGATED_SPANISH = /\b(no|nunca|jamas)( (me|nos|te|lo|la|le|les|quiero|deseo|quisiera|necesito|van a))* $/;

interface Phrase {
  pattern: RegExp;
  /** The negation that turns it around, if one can. */
  negation?: RegExp;
}

const ES_MESSAGING = MESSAGING_VERBS_SPANISH_PATTERN;
const ES_STOPPING = STOP_VERBS_SPANISH_PATTERN;

const PHRASES: readonly Phrase[] = [
  // 'stop texting me', 'please stop sending these', 'quit messaging me', 'how do I stop these texts'.
  {
    pattern:
      /\b(stop|quit|cease) (\w+ )?(texting|txting|texts|text|messaging|messages|msgs|msging|sending|contacting|spamming|bothering|harassing)\b/,
    negation: NEGATED_ENGLISH,
  },
  // 'unsubscribe please', 'how do I unsubscribe', 'opt me out', 'I want to opt out'.
  { pattern: /\b(unsubscribe|unsub|opt me out|opt out|opting out|optout)\b/, negation: NEGATED_ENGLISH },
  // 'delete my number', 'remove this number'.
  {
    pattern: /\b(remove|delete|erase|drop) (this number|my (number|phone|cell|info|contact))\b/,
    negation: NEGATED_ENGLISH,
  },
  // 'remove me from your list', 'take my number off this list'.
  {
    pattern:
      /\b(remove|delete|take|get) (me|us|my number|this number) (from|off) (your|this|the|ur|ya|these|that|all|any) (\w+ )?(list|lists|contacts)\b/,
    negation: NEGATED_ENGLISH,
  },
  // 'cancel my subscription', 'end these texts'.
  {
    pattern: /\b(cancel|end) (my |the |these |this |your )?(subscription|texts|messages|alerts)\b/,
    negation: NEGATED_ENGLISH,
  },
  { pattern: /\boff (your|this|the|ur|ya|these|that) (\w+ )?list\b/, negation: NEGATED_ENGLISH },
  // 'no more texts', 'no more messages please'.
  { pattern: /\bno more (texts|text|txts|messages|msgs|texting|messaging)\b/ },
  // 'don't text me', 'do not contact me again', 'never text this number again'.
  {
    pattern:
      /\b(dont|do not|never|pls dont|please dont)( ever)? (text|txt|message|msg|contact|spam) (me|us|this number)\b/,
  },
  // "I don't want these texts", 'I do not want to receive messages'.
  {
    pattern:
      /\b(dont|do not) want (to (receive|get) )?(any |these |your |more |this |those )*(texts|messages|msgs|txts)\b/,
  },
  { pattern: /\b(leave me alone|lose my number)\b/ },
  // Spanish: 'no me envíen más mensajes', 'no me escriban', 'no quiero recibir más mensajes', 'no más mensajes'.
  { pattern: new RegExp(`\\b(no|nunca) me (${ES_MESSAGING})\\b`) },
  { pattern: /\bno (quiero|deseo) (recibir )?(mas )?(mensajes|textos)\b/ },
  { pattern: /\b(no|ya no) mas (mensajes|textos)\b/ },
  // 'dejen de enviarme mensajes', 'denme de baja', 'quítenme de su lista'; not 'no dejen de mandar mensajes'.
  { pattern: new RegExp(`\\b(deja|dejen|deje|dejes|dejar) de (${ES_MESSAGING})\\b`), negation: NEGATED_SPANISH },
  {
    pattern: /\b(dar|darme|darse|darnos|denme|deme|dame|dese|doy) de baja\b/,
    negation: NEGATED_SPANISH,
  },
  {
    pattern: new RegExp(`\\b(${ES_STOPPING}) de (la|su|esta|tu|sus|vuestra) lista\\b`),
    negation: NEGATED_SPANISH,
  },
];

/** Whether a normalized message holds an explicit request to stop (see the module comment). */
export function hasOptOutPhrase(text: string): boolean {
  return PHRASES.some(({ pattern, negation }) => {
    const match = pattern.exec(text);
    return match !== null && !(negation && negation.test(text.slice(0, match.index)));
  });
}
