import { describe, expect, it } from 'vitest';
import { spanishForms, spanishFormsPattern, type SpanishVerb } from './spanish-verbs';

const verbs: SpanishVerb[] = [
  { infinitive: 'borrar' },
  { infinitive: 'sacar', commandStem: 'saqu' },
  { infinitive: 'detener', commandStem: 'deteng', familiarCommand: 'deten' },
  { infinitive: 'escribir' },
];

describe('spanishForms', () => {
  it('gives the infinitive, the commands and the first person, alone or with a pronoun joined', () => {
    const forms = spanishForms(verbs);
    for (const form of ['borrar', 'borrame', 'borren', 'borrenme', 'saquenme', 'sacame', 'detengan', 'deten'])
      expect(forms, form).toContain(form);
    for (const form of ['escriban', 'escribirme', 'escribas', 'borro']) expect(forms, form).toContain(form);
    // A statement about the past or about others does not ask anything.
    for (const form of ['borraron', 'borran', 'sacaron', 'escriben']) expect(forms, form).not.toContain(form);
  });

  it('has a pattern that matches exactly its forms', () => {
    const pattern = new RegExp(`^(${spanishFormsPattern(verbs)})$`);
    for (const form of spanishForms(verbs)) expect(form, form).toMatch(pattern);
    for (const form of ['borraron', 'borran', 'escriben', 'borrarme2']) expect(form).not.toMatch(pattern);
  });
});
