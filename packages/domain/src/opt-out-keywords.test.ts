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

  it('measures precision and recall of opt-out detection on the corpus', () => {
    expect(inboundCorpus.length).toBeGreaterThanOrEqual(100);
    let truePositives = 0;
    let falsePositives = 0;
    let falseNegatives = 0;
    const misread: string[] = [];
    for (const [message, expected] of inboundCorpus) {
      const got = classifyInbound(message);
      if (got !== expected) misread.push(`${JSON.stringify(message)}: expected ${expected}, got ${got}`);
      if (got === 'OptOut' && expected === 'OptOut') truePositives++;
      else if (got === 'OptOut') falsePositives++;
      else if (expected === 'OptOut') falseNegatives++;
    }
    const precision = truePositives / (truePositives + falsePositives);
    const recall = truePositives / (truePositives + falseNegatives);
    console.log(
      `opt-out corpus: ${inboundCorpus.length} messages, precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}` +
        (misread.length ? `; misread: ${misread.join('; ')}` : ''),
    );
    expect(precision).toBeGreaterThanOrEqual(0.98);
    expect(recall).toBeGreaterThanOrEqual(0.95);
    // Help and re-subscribe keywords are exact: every one in the corpus must be read right.
    expect(misread.filter((m) => /Help|OptIn/.test(m))).toEqual([]);
  });
});

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
