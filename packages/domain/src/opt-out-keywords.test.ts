import { describe, expect, it } from 'vitest';
import {
  classifyInbound,
  keywordSettingErrors,
  keywordSettingMessages,
  MAX_ORGANIZATION_KEYWORDS,
  HELP_KEYWORDS,
  OPT_IN_KEYWORDS,
  OPT_OUT_KEYWORDS,
  type InboundIntent,
} from './opt-out-keywords';
import { inboundCorpus } from './opt-out-keywords.corpus';
import { heldOutCorpus } from './opt-out-keywords.held-out-corpus';

describe('classifyInbound', () => {
  it('reads every carrier keyword as the whole message, case, spaces and punctuation ignored', () => {
    const each = (words: string[], intent: InboundIntent) => {
      for (const w of words) {
        expect(classifyInbound(w)).toBe(intent);
        expect(classifyInbound(` ${w.toLowerCase()}!`)).toBe(intent);
        expect(classifyInbound(w.split('').join(' '))).toBe(intent);
      }
    };
    each(OPT_OUT_KEYWORDS, 'OptOut');
    each(HELP_KEYWORDS, 'Help');
    each(OPT_IN_KEYWORDS, 'OptIn');
  });

  it('reads the issue’s plain-language and Spanish examples as opt-outs, and its look-alikes as replies', () => {
    for (const m of [
      'stop texting me',
      'remove me from this list',
      'unsubscribe please',
      'no more texts',
      'PARAR',
      'ALTO',
      'CANCELAR',
      'no me envíen más mensajes',
      'take me off your list',
      'wrong number, stop',
    ])
      expect(classifyInbound(m), m).toBe('OptOut');
    for (const m of ["don't stop now", "I can't stop laughing", 'cancel my doctor appt?'])
      expect(classifyInbound(m), m).toBeNull();
  });

  it('adds the organization’s own keywords, whole message only', () => {
    const settings = { optOutKeywords: ['BASTA YA', 'leave'] };
    expect(classifyInbound('basta ya!', settings)).toBe('OptOut');
    expect(classifyInbound('Leave', settings)).toBe('OptOut');
    expect(classifyInbound('leave it there', settings)).toBeNull();
    expect(classifyInbound('Leave')).toBeNull();
  });

  it('leaves plain language to the keywords alone when the organization turns it off', () => {
    expect(classifyInbound('stop texting me', { plainLanguageOptOuts: false })).toBeNull();
    expect(classifyInbound('STOP', { plainLanguageOptOuts: false })).toBe('OptOut');
  });

  it('reads a short request for help as HELP, in English and Spanish, and a mere mention of help as a reply', () => {
    for (const m of ['Help me', 'help please', 'Ayuda por favor', 'I need help', 'Can you help me?', 'ayúdenme'])
      expect(classifyInbound(m), m).toBe('Help');
    for (const m of ['help is on the way', 'Can I help?', 'I need help getting to the polls', 'No necesito ayuda'])
      expect(classifyInbound(m), m).toBeNull();
  });

  it('reads the issue’s Spanish opt-outs beyond the keywords, and a mere mention of the word as a reply', () => {
    for (const m of ['cancelar suscripción', 'borrar mi número', 'Para', 'Para, por favor', 'bórrenme de la lista'])
      expect(classifyInbound(m), m).toBe('OptOut');
    for (const m of [
      "don't stop fighting for us",
      'para mi es importante',
      'Para mí',
      'No borren mi número',
      'no quiero darme de baja',
      'No dejen de mandar mensajes',
    ])
      expect(classifyInbound(m), m).toBeNull();
  });

  it('answers help in plain words even where the organization reads opt-outs by keyword only', () => {
    expect(classifyInbound('help please', { plainLanguageOptOuts: false })).toBe('Help');
    expect(classifyInbound('borrar mi número', { plainLanguageOptOuts: false })).toBeNull();
  });

  it('keeps every opt-out and every help request in the main corpus and mistakes no reply for one', () => {
    const measured = measure(inboundCorpus);
    expect(inboundCorpus.length).toBeGreaterThanOrEqual(100);
    expectReadWell(measured);
    // Re-subscribe keywords are exact: every one in the corpus must be read right.
    expect(measured.misread.filter((m) => /OptIn/.test(m))).toEqual([]);
  });

  it('keeps them on the held-out corpus, written apart from the rules', () => {
    const count = (intent: InboundIntent | null) => heldOutCorpus.filter(([, expected]) => expected === intent).length;
    expect(count('OptOut')).toBeGreaterThanOrEqual(60);
    expect(count('Help')).toBeGreaterThanOrEqual(20);
    expect(count(null)).toBeGreaterThanOrEqual(80);
    expectReadWell(measure(heldOutCorpus));
  });
});

type Corpus = readonly (readonly [string, InboundIntent | null])[];

/** Precision and recall of one intent: of the messages read as it, how many were; of those that were, how many read. */
function precisionAndRecall(corpus: Corpus, intent: InboundIntent) {
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  for (const [message, expected] of corpus) {
    const got = classifyInbound(message) === intent;
    if (got && expected === intent) truePositives++;
    else if (got) falsePositives++;
    else if (expected === intent) falseNegatives++;
  }
  return {
    precision: truePositives / (truePositives + falsePositives),
    recall: truePositives / (truePositives + falseNegatives),
  };
}

/** The classifier's figures on a corpus, printed for the record, with each message it misread. */
function measure(corpus: Corpus) {
  const misread = corpus.flatMap(([message, expected]) => {
    const got = classifyInbound(message);
    return got === expected ? [] : [`${JSON.stringify(message)}: expected ${expected}, got ${got}`];
  });
  const optOut = precisionAndRecall(corpus, 'OptOut');
  const help = precisionAndRecall(corpus, 'Help');
  console.log(
    `${corpus.length} messages; opt-out precision ${optOut.precision.toFixed(3)}, recall ${optOut.recall.toFixed(3)}; ` +
      `help precision ${help.precision.toFixed(3)}, recall ${help.recall.toFixed(3)}` +
      (misread.length ? `; misread: ${misread.join('; ')}` : ''),
  );
  return { optOut, help, misread };
}

/** Issue 35 §9: no reply taken for an opt-out or a help request, and nearly every one of them recognised. */
function expectReadWell({ optOut, help }: ReturnType<typeof measure>) {
  expect(optOut.precision).toBe(1);
  expect(help.precision).toBe(1);
  expect(optOut.recall).toBeGreaterThanOrEqual(0.97);
  expect(help.recall).toBeGreaterThanOrEqual(0.9);
}

describe('keywordSettingErrors', () => {
  it('takes keywords with a letter or digit, each once, none already a carrier keyword', () => {
    expect(keywordSettingErrors(['BASTA YA', 'leave', 'no mas'])).toEqual({});
    expect(keywordSettingErrors(['leave', ' Leave! ', '...', 'Yes', 'stop'])).toEqual({
      'optOutKeywords.1': [keywordSettingMessages.twice('Leave!')],
      'optOutKeywords.2': [keywordSettingMessages.blank],
      'optOutKeywords.3': [keywordSettingMessages.reserved('Yes')],
      'optOutKeywords.4': [keywordSettingMessages.builtIn('stop')],
    });
    const many = Array.from({ length: MAX_ORGANIZATION_KEYWORDS + 1 }, (_, i) => `word${i}`);
    expect(keywordSettingErrors(many)).toEqual({ optOutKeywords: [keywordSettingMessages.tooMany] });
  });
});
