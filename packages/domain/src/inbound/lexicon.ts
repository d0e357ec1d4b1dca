import { anyOf } from './any-of';
import { spanishForms, spanishFormsPattern, type SpanishVerb } from './spanish-verbs';

/**
 * The words replies are made of, by what they do in a request to stop or for help, in English and Spanish, as
 * normalizeInbound leaves them (lower case, no accents, no apostrophes). clause-intent.ts reads a short clause made
 * of them alone as the request; opt-out-phrases.ts looks for the explicit ones in longer messages.
 */

const words = (list: string) => list.trim().split(/\s+/);

/** Spanish forms that are everyday English words: 'quite' (quitar) must not stop anyone. */
const ENGLISH_HOMOGRAPHS = new Set(['quite']);

/** Verbs that ask to stop, unsubscribe, remove or delete, and the words that say stop on their own. */
export const STOP_WORDS_ENGLISH = words(`
  stop stopall quit cease end cancel unsubscribe unsub unsuscribe unsubcribe unsubscribed optout revoke
  remove removed delete deleted erase
`);
const STOPPING_SPANISH: SpanishVerb[] = [
  { infinitive: 'parar' },
  { infinitive: 'detener', commandStem: 'deteng', familiarCommand: 'deten' },
  { infinitive: 'cancelar' },
  { infinitive: 'anular' },
  { infinitive: 'suspender' },
  { infinitive: 'borrar' },
  { infinitive: 'eliminar' },
  { infinitive: 'quitar' },
  { infinitive: 'sacar', commandStem: 'saqu' },
  { infinitive: 'desuscribir' },
  { infinitive: 'desinscribir' },
];
const STOP_VERBS_SPANISH = spanishForms(STOPPING_SPANISH).filter((form) => !ENGLISH_HOMOGRAPHS.has(form));
export const STOP_VERBS_SPANISH_PATTERN = spanishFormsPattern(STOPPING_SPANISH);
/** Spanish's bare stops: 'Alto', 'Basta', 'Baja' (dar de baja). */
export const STOP_WORDS_SPANISH = [...STOP_VERBS_SPANISH, ...words('alto basta baja')];

/** Verbs of texting someone: what a stop or a negation is about ('stop texting me', 'no me escriban'). */
export const MESSAGING_VERBS_ENGLISH = words(`
  text texting txt txting message messaging msg msging send sending contact contacting spam spamming bother
  bothering harass harassing
`);
const MESSAGING_SPANISH: SpanishVerb[] = [
  { infinitive: 'enviar' },
  { infinitive: 'mandar' },
  { infinitive: 'escribir' },
  { infinitive: 'contactar' },
  { infinitive: 'textear' },
  { infinitive: 'molestar' },
];
export const MESSAGING_VERBS_SPANISH = spanishForms(MESSAGING_SPANISH);
export const MESSAGING_VERBS_SPANISH_PATTERN = spanishFormsPattern(MESSAGING_SPANISH);
/** What the texts are and what a recipient is on: 'my number', 'these messages', 'your list', 'mi suscripción'. */
export const MESSAGING_NOUNS = words(`
  texts text txts txt messages message msgs msg sms alerts notifications updates subscription subscriptions list
  lists number phone cell info contact contacts name spam
  mensajes mensaje textos texto msjs msj suscripcion suscripciones lista listas numero telefono celular cel contacto
  nombre datos
`);

/** Pronouns, articles and prepositions a request to stop is built with ('remove me from all of your lists'). */
const OPT_OUT_GRAMMAR = words(`
  me us my this these that those the your ur all any it them from off of out with to a
  mi mis nos este esta estos estas ese esa esos esas el la los las lo su sus tu tus de del al todo todos toda todas
`);
/**
 * Possessives and articles lean on a word after them: a clause ending on one asks nothing ('Para mí' is 'for me',
 * 'Para todos' is 'for everyone'; 'para mi número' is no Spanish), while 'remove my number' names what goes.
 */
export const LEANING = new Set(words('my your ur the mi mis tu tus su sus el la los las del todos todas'));
/**
 * How people wrap the request ('I want to', 'can you', 'how do I', 'quiero', 'favor de') and insist on it ('again',
 * 'anymore', 'ya no … más'). 'no' stands here for 'no, stop'; before a Spanish verb it negates (clause-intent.ts).
 */
const OPT_OUT_WRAPPING = words(`
  i im id want wanna would like to be can could you u how do need more anymore again already no
  quiero quisiera deseo gustaria puede pueden puedes podria podrian necesito mas como
`);

/** Courtesy and noise around any request: 'please', 'thanks', 'lol', 'por favor', 'ya', 'wrong number'. */
export const COURTESY = new Set(
  words(`
  please pls plz pleas plez plis now asap immediately thanks thank thx ty ok okay k just really seriously sorry hey
  hi hello lol omg ugh damn fucking fuck freaking wrongnumber
  porfavor porfa favor gracias ya ahora ahorita inmediatamente hola oiga disculpe perdon
`),
);

/** Words that ask for help on their own, and the Spanish verb 'ayudar' (ayúdenme, ¿me puede ayudar?). */
const HELPING_SPANISH: SpanishVerb[] = [{ infinitive: 'ayudar', asked: true }];
const HELP_VERBS_SPANISH = spanishForms(HELPING_SPANISH);
export const HELP_WORDS = [...words('help info information ayuda informacion'), ...HELP_VERBS_SPANISH];
/**
 * Who is to be helped: 'help me', 'help us', 'ayúdenos'. How people ask ('can you', 'I need', 'necesito', 'alguien
 * me puede') is taken off first (clause-intent.ts), so 'can I help' and 'I will help', offers, are no requests.
 */
const HELP_WRAPPING = words('me us nos');

/** Spanish verbs a 'no' in front of negates ('no quiero darme de baja', 'no necesito ayuda', 'no paren'). */
export const SPANISH_VERBS_PATTERN = [
  spanishFormsPattern([...STOPPING_SPANISH, ...MESSAGING_SPANISH, ...HELPING_SPANISH]),
  anyOf(words('quiero quisiera deseo puede pueden puedes podria podrian necesito necesitamos')),
].join('|');

/** The vocabulary of one intent: words that ask for it, what they may be about, and what may stand around them. */
export interface Vocabulary {
  /** A word that asks for the intent by itself ('stop', 'para', 'help'). */
  asks: ReadonlySet<string>;
  /** A word that asks for it only when the clause names the texts ('done with these texts'): see clause-intent.ts. */
  asksAboutMessages: ReadonlySet<string>;
  /** Every word a clause asking for it may hold. */
  allowed: ReadonlySet<string>;
}

export const MESSAGING = new Set([...MESSAGING_VERBS_ENGLISH, ...MESSAGING_VERBS_SPANISH, ...MESSAGING_NOUNS]);

/** 'enough': what clause-intent.ts makes of 'done with', 'sick of', 'harto de'. */
export const ENOUGH = 'enough';

export const OPT_OUT_VOCABULARY: Vocabulary = {
  asks: new Set([...STOP_WORDS_ENGLISH, ...STOP_WORDS_SPANISH]),
  asksAboutMessages: new Set([ENOUGH]),
  allowed: new Set([
    ...STOP_WORDS_ENGLISH,
    ...STOP_WORDS_SPANISH,
    ENOUGH,
    ...MESSAGING,
    ...OPT_OUT_GRAMMAR,
    ...OPT_OUT_WRAPPING,
    ...COURTESY,
  ]),
};

export const HELP_VOCABULARY: Vocabulary = {
  asks: new Set(HELP_WORDS),
  asksAboutMessages: new Set(),
  allowed: new Set([...HELP_WORDS, ...HELP_WRAPPING, ...COURTESY]),
};
