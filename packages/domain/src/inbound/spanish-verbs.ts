import { anyOf } from './any-of';

/**
 * The forms of a Spanish verb a reply uses to ask for something, accents folded as normalizeInbound folds them:
 * the infinitive (borrar), the commands to one person and to several (borra, borre, borren; negative: borres), the
 * first person (borro), each alone or with the pronoun joined to it (bórrame → borrame, bórrenme → borrenme,
 * darme). Not the past or the third person of a statement ('me borraron de la lista' tells, it does not ask).
 */
export interface SpanishVerb {
  /** The infinitive: cancelar, detener, escribir. */
  infinitive: string;
  /** The stem the commands to usted and ustedes are built on when it is not the infinitive's: sacar → saqu. */
  commandStem?: string;
  /** The command to tú when it is not the regular one: detener → deten. */
  familiarCommand?: string;
  /** Also the statements a question asks with: ¿me ayudas?, ¿me ayudan? */
  asked?: boolean;
}

const PRONOUNS = ['me', 'nos', 'lo', 'la', 'los', 'las', 'le', 'les'];

/** The verb's forms without a pronoun joined. */
function bases({ infinitive, commandStem, familiarCommand, asked }: SpanishVerb): string[] {
  const stem = infinitive.slice(0, -2);
  const firstConjugation = infinitive.endsWith('ar');
  // -ar verbs command with e (borre, borren), -er and -ir verbs with a (escriba, escriban).
  const commandVowel = firstConjugation ? 'e' : 'a';
  const command = commandStem ?? stem;
  return [
    infinitive,
    familiarCommand ?? stem + (firstConjugation ? 'a' : 'e'),
    command + commandVowel,
    command + commandVowel + 'n',
    command + commandVowel + 's',
    stem + 'o',
    ...(asked ? [stem + (firstConjugation ? 'as' : 'es'), stem + (firstConjugation ? 'an' : 'en')] : []),
  ];
}

/** Every form of the verbs, with and without a pronoun joined. */
export const spanishForms = (verbs: readonly SpanishVerb[]): string[] =>
  verbs.flatMap(bases).flatMap((base) => [base, ...PRONOUNS.map((pronoun) => base + pronoun)]);

/** A regular expression source matching exactly spanishForms(verbs), compact enough to try at every word. */
export const spanishFormsPattern = (verbs: readonly SpanishVerb[]): string =>
  `(?:${anyOf(verbs.flatMap(bases))})(?:${anyOf(PRONOUNS)})?`;
