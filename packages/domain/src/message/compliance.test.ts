import { describe, expect, it } from 'vitest';
import { ProjectOptOutLanguage } from '../enums';
import { countSegments } from './segments';
import {
  complianceWarnings,
  hasOptOutLanguage,
  namesClient,
  PUBLIC_URL_SHORTENERS,
  publicUrlShorteners,
} from './compliance';

const codes = (input: Parameters<typeof complianceWarnings>[0]) => complianceWarnings(input).map((w) => w.code);
const GOOD = 'Hi Ana, Vote Ruiz 2026 here: polls open at 7am. Reply STOP to opt out';

describe('hasOptOutLanguage', () => {
  it.each([
    'Reply STOP to opt out',
    'Reply STOP to opt-out',
    'reply stop to optout',
    'Text STOP to end',
    'Txt STOP to quit',
    'STOP2END',
    'Msg&data rates may apply. STOP2QUIT',
    'stop to quit',
    'STOP=END',
    'Reply with STOP to unsubscribe',
    'To opt out, reply STOP.',
    'Opt out: text "STOP"',
    'Reply END to stop receiving texts',
    'Send UNSUBSCRIBE',
    'Reply QUIT to stop',
    'Responde PARAR para no recibir más mensajes',
    'Responda PARAR para salir',
    'Envía BAJA para darte de baja',
    'PARAR para cancelar',
    'Escribe ALTO para dejar de recibir mensajes',
  ])('recognises %j', (text) => {
    expect(hasOptOutLanguage(`Hello from Vote Ruiz. ${text}`)).toBe(true);
  });

  it.each([
    'Stop by our office on Main St today',
    "Don't stop believing: vote Tuesday",
    'We will not stop until every vote is counted',
    'Stopping by? Text us back',
    'Parara la lluvia, votamos igual',
    'The text ends here',
    'Reply YES to confirm',
    'end to end encryption for your data',
    '',
  ])('does not take %j for opt-out language', (text) => {
    expect(hasOptOutLanguage(text)).toBe(false);
  });
});

describe('namesClient', () => {
  it('case-insensitively, spaces folded', () => {
    expect(namesClient('Paid for by VOTE  RUIZ 2026', 'Vote Ruiz 2026')).toBe(true);
    expect(namesClient('Paid for by Vote Ruiz', 'Vote Ruiz 2026')).toBe(false);
    expect(namesClient('anything', '  ')).toBe(false);
  });

  it('accented names match composed or decomposed', () => {
    expect(namesClient('Hola de Peña', 'Pen\u0303a')).toBe(true);
  });
});

describe('publicUrlShorteners', () => {
  it.each(PUBLIC_URL_SHORTENERS.map((h) => [h]))('flags %s as a host, with or without scheme and path', (host) => {
    expect(publicUrlShorteners(`See https://${host}/abc123 now`)).toEqual([host]);
    expect(publicUrlShorteners(`See ${host}/abc123`)).toEqual([host]);
    expect(publicUrlShorteners(`Go to ${host}.`)).toEqual([host]);
  });

  it('upper case, www. and subdomains are the same host', () => {
    expect(publicUrlShorteners('BIT.LY/X and www.tinyurl.com/y and custom.rebrand.ly/z')).toEqual([
      'bit.ly',
      'tinyurl.com',
      'rebrand.ly',
    ]);
  });

  it('each host once', () => {
    expect(publicUrlShorteners('bit.ly/a bit.ly/b')).toEqual(['bit.ly']);
  });

  it('does not flag hosts that merely contain a shortener name, nor e-mail addresses', () => {
    expect(publicUrlShorteners('at.com t.com bit.lyrics.com notbit.ly rb.gym.org')).toEqual([]);
    expect(publicUrlShorteners('write to joe@t.co or visit example.org/bit.ly')).toEqual([]);
    expect(publicUrlShorteners('https://go.voteruiz.org/vote/Ab12Cd34')).toEqual([]);
  });
});

describe('complianceWarnings', () => {
  it('none for a first message naming the client with opt-out language', () => {
    expect(complianceWarnings({ message: GOOD, clientName: 'Vote Ruiz 2026' })).toEqual([]);
  });

  it('none for an empty message (the stepper refuses it on its own)', () => {
    expect(complianceWarnings({ message: '  ', clientName: 'Vote Ruiz 2026' })).toEqual([]);
  });

  it('the client not named, in a sentence saying what to add', () => {
    expect(
      complianceWarnings({ message: 'Polls open at 7am. Reply STOP to opt out', clientName: 'Vote Ruiz 2026' }),
    ).toEqual([
      {
        code: 'clientNotNamed',
        message:
          'The first message should name the client: add "Vote Ruiz 2026" so recipients know who is texting them.',
      },
    ]);
  });

  it('no client-name warning when the client is not known yet', () => {
    expect(codes({ message: 'Polls open. Reply STOP to opt out', clientName: null })).toEqual([]);
  });

  it('no opt-out language', () => {
    const [w] = complianceWarnings({ message: 'Vote Ruiz 2026: polls open at 7am', clientName: 'Vote Ruiz 2026' });
    expect(w).toEqual({
      code: 'noOptOutLanguage',
      message:
        'The first message should tell recipients how to opt out: add opt-out language such as "Reply STOP to opt out" (type / in the message to insert one).',
    });
  });

  it('a follow-up message (not the first) needs neither the client name nor opt-out language', () => {
    expect(codes({ message: 'Polls open at 7am', clientName: 'Vote Ruiz 2026', isFirstMessage: false })).toEqual([]);
  });

  it('public URL shorteners, named in the sentence', () => {
    const w = complianceWarnings({ message: `${GOOD} bit.ly/x https://t.co/y`, clientName: 'Vote Ruiz 2026' });
    expect(w).toEqual([
      {
        code: 'publicUrlShortener',
        message:
          "The message links through bit.ly, t.co, public URL shorteners that carriers often block: use one of the organization's shortened links instead.",
      },
    ]);
    expect(complianceWarnings({ message: `${GOOD} tinyurl.com/x` })[0].message).toContain(
      'tinyurl.com, a public URL shortener that',
    );
  });

  it('10 segments pass, 11 are flagged with the count', () => {
    const padded = (total: number) => GOOD + ' ' + 'x'.repeat(total - GOOD.length - 1);
    expect(codes({ message: padded(153 * 10), clientName: 'Vote Ruiz 2026' })).toEqual([]);
    expect(complianceWarnings({ message: padded(153 * 10 + 1), clientName: 'Vote Ruiz 2026' })).toEqual([
      {
        code: 'tooManySegments',
        message:
          'The message is 11 segments long, more than 10: carriers may filter it and every segment is billed. Shorten it.',
      },
    ]);
  });

  it('UCS-2 reaches 11 segments much sooner (67 units each)', () => {
    const message = GOOD + ' ' + 'á'.repeat(67 * 10 - GOOD.length);
    expect(codes({ message, clientName: 'Vote Ruiz 2026' })).toEqual(['tooManySegments']);
  });

  it('all four at once, in a fixed order', () => {
    expect(codes({ message: 'Hi! bit.ly/x ' + 'y'.repeat(2000), clientName: 'Vote Ruiz 2026' })).toEqual([
      'clientNotNamed',
      'noOptOutLanguage',
      'publicUrlShortener',
      'tooManySegments',
    ]);
  });
});

describe('the opt-out snippets the editor offers (ProjectOptOutLanguage)', () => {
  it('each is opt-out language, in GSM-7, shown as written', () => {
    expect(ProjectOptOutLanguage.values.length).toBeGreaterThanOrEqual(5);
    for (const snippet of ProjectOptOutLanguage.values) {
      expect(hasOptOutLanguage(snippet), snippet).toBe(true);
      expect(countSegments(snippet).encoding, snippet).toBe('GSM-7');
      expect(ProjectOptOutLanguage.label(snippet)).toBe(snippet);
    }
  });

  it('includes Spanish', () => {
    expect(ProjectOptOutLanguage.values.some((v) => v.includes('PARAR'))).toBe(true);
  });
});
