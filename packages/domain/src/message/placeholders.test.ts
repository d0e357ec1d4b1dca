import { describe, expect, it } from 'vitest';
import {
  availablePlaceholders,
  messagePieces,
  parsePlaceholders,
  placeholderProblems,
  renderMessage,
  SAMPLE_LINK_TOKEN,
  shortLinkUrl,
  type PlaceholderContext,
} from './placeholders';

const context: PlaceholderContext = {
  listHeaders: ['Precinct', 'City', ' Polling Place ', 'Sign-up Date'],
  textDefaults: [
    { field: 'Candidate', value: 'Ana Ruiz' },
    { field: 'city', value: 'Default City' },
    { field: 'firstName', value: 'Friend' },
  ],
  links: [
    { code: 'vote', domain: 'go.example.org' },
    { code: 'Donate', domain: 'give.example.org' },
    { code: 'nodomain', domain: null },
  ],
};

const ana = {
  firstName: 'Ana',
  lastName: 'Ruiz',
  columns: { columnOne: '12-A', columnTwo: 'Tampa', columnThree: null },
  linkToken: 'Zz9Yy8Xx',
};

describe('parsePlaceholders', () => {
  it('finds every {…} with its position; names are trimmed; a link token gives its code', () => {
    expect(parsePlaceholders('Hi { firstName }, see {link: vote} or {LINK:Donate}')).toEqual([
      { raw: '{ firstName }', name: 'firstName', linkCode: null, start: 3, end: 16 },
      { raw: '{link: vote}', name: 'link: vote', linkCode: 'vote', start: 22, end: 34 },
      { raw: '{LINK:Donate}', name: 'LINK:Donate', linkCode: 'Donate', start: 38, end: 51 },
    ]);
  });

  it('a lone brace is text; no nesting: {{a}} yields {a} only; {} is an (empty) placeholder', () => {
    expect(parsePlaceholders('a { b')).toEqual([]);
    expect(parsePlaceholders('a } b {')).toEqual([]);
    expect(parsePlaceholders('{{a}}').map((t) => t.raw)).toEqual(['{a}']);
    expect(parsePlaceholders('x {} y').map((t) => t.name)).toEqual(['']);
  });

  it('a placeholder may span a line break (it is still one token)', () => {
    expect(parsePlaceholders('{first\nName}').map((t) => t.raw)).toEqual(['{first\nName}']);
  });
});

describe('messagePieces (what the preview and the load both render from)', () => {
  it('cuts the message into text and resolved placeholders, by the contract’s precedence', () => {
    const pieces = messagePieces('Hi {FirstName}, {city}{Candidate} {link: vote}{Ward}{link:nodomain}!', context);
    expect(pieces.map((p) => (p.kind === 'text' ? p.text : p.resolved))).toEqual([
      'Hi ',
      { kind: 'name', field: 'firstName' },
      ', ',
      { kind: 'listHeader', column: 'columnTwo' }, // a list header before the text default of the same name
      { kind: 'textDefault', value: 'Ana Ruiz' },
      ' ',
      { kind: 'link', code: 'vote', domain: 'go.example.org' },
      { kind: 'unknown' },
      { kind: 'link', code: 'nodomain', domain: null },
      '!',
    ]);
    expect(messagePieces('', context)).toEqual([]);
  });
});

describe('renderMessage for one recipient (every placeholder kind)', () => {
  it('names, list columns, text defaults and links', () => {
    expect(
      renderMessage(
        'Hi {firstName} {lastName} of {City}: vote at precinct {Precinct} for {Candidate}. {link:vote}',
        context,
        ana,
      ),
    ).toBe('Hi Ana Ruiz of Tampa: vote at precinct 12-A for Ana Ruiz. https://go.example.org/vote/Zz9Yy8Xx');
  });

  it('matches names, headers and defaults case-insensitively and trimmed', () => {
    expect(renderMessage('{FIRSTNAME}|{ lastname }|{precinct}|{polling place}|{CANDIDATE}', context, ana)).toBe(
      'Ana|Ruiz|12-A||Ana Ruiz',
    );
  });

  it('precedence: first/last name over a text default of that name; a list header over a text default', () => {
    expect(renderMessage('{firstName}', context, ana)).toBe('Ana');
    expect(renderMessage('{City}', context, ana)).toBe('Tampa');
    expect(renderMessage('{city}', { ...context, listHeaders: [] }, ana)).toBe('Default City');
  });

  it('a duplicated header renders the first column with that name', () => {
    const dup = { ...context, listHeaders: ['Zip', 'ZIP'] };
    expect(renderMessage('{zip}', dup, { columns: { columnOne: '1', columnTwo: '2' } })).toBe('1');
  });

  it('missing cells and names render as the empty string', () => {
    expect(renderMessage('[{firstName}][{Polling Place}][{Sign-up Date}]', context, { firstName: null })).toBe(
      '[][][]',
    );
  });

  it('header i is the row column i (columnOne …): the 50th header reads columnFifty', () => {
    const headers = Array.from({ length: 50 }, (_, i) => `H${i + 1}`);
    expect(
      renderMessage(
        '{H50}/{H21}',
        { ...context, listHeaders: headers },
        { columns: { columnFifty: 'L', columnTwentyOne: 'T' } },
      ),
    ).toBe('L/T');
  });

  it('link codes are exact: {link:donate} is not {link:Donate}', () => {
    expect(renderMessage('{link:Donate} {link:donate}', context, ana)).toBe(
      'https://give.example.org/Donate/Zz9Yy8Xx {link:donate}',
    );
  });

  it('without a token, a link renders with the 8-character sample token', () => {
    expect(SAMPLE_LINK_TOKEN).toMatch(/^[0-9A-Za-z]{8}$/);
    expect(renderMessage('{link:vote}', context, { firstName: 'A' })).toBe(
      `https://go.example.org/vote/${SAMPLE_LINK_TOKEN}`,
    );
  });

  it('unknown placeholders and links without a domain stay as written', () => {
    expect(renderMessage('{Ward} {link:nodomain} {link:nope}', context, ana)).toBe(
      '{Ward} {link:nodomain} {link:nope}',
    );
  });

  it('text around placeholders, braces left alone, and a message without any are unchanged', () => {
    expect(renderMessage('a { b } c', context, ana)).toBe('a { b } c');
    expect(renderMessage('no placeholders here', context, ana)).toBe('no placeholders here');
    expect(renderMessage('', context, ana)).toBe('');
  });
});

describe('renderMessage without a recipient (the estimate while typing)', () => {
  it('keeps names and columns as written, fills text defaults and links', () => {
    expect(renderMessage('Hi {firstName} at {Precinct}, {Candidate} {link:vote}', context)).toBe(
      `Hi {firstName} at {Precinct}, Ana Ruiz https://go.example.org/vote/${SAMPLE_LINK_TOKEN}`,
    );
  });
});

describe('shortLinkUrl', () => {
  it('drops a scheme or trailing slash given with the domain', () => {
    expect(shortLinkUrl('https://go.example.org/', 'vote', 'abcdEFGH')).toBe('https://go.example.org/vote/abcdEFGH');
    expect(shortLinkUrl('go.example.org', 'vote')).toHaveLength('https://go.example.org/vote/'.length + 8);
  });
});

describe('placeholderProblems', () => {
  it('none for a message whose placeholders all render', () => {
    expect(placeholderProblems('{firstName} {precinct} {candidate} {link:vote}', context)).toEqual([]);
  });

  it('an unknown placeholder, in the words the load repeats', () => {
    expect(placeholderProblems('Go to {Ward}', context)).toEqual([
      {
        code: 'unknownPlaceholder',
        placeholder: '{Ward}',
        message: 'The message uses {Ward}, which is not a column of the list or a text default',
      },
    ]);
  });

  it('an unknown link and a link without a domain', () => {
    expect(placeholderProblems('{link:nope} {link:nodomain}', context)).toEqual([
      {
        code: 'unknownLink',
        placeholder: '{link:nope}',
        message: "The message uses {link:nope}, which is not one of the organization's shortened links",
      },
      {
        code: 'linkWithoutDomain',
        placeholder: '{link:nodomain}',
        message:
          "The message uses {link:nodomain}, a shortened link without a custom domain: give the link one of the organization's domains",
      },
    ]);
  });

  it('each problem once, in order of first use; an empty {} is unknown', () => {
    expect(placeholderProblems('{B} {A} {B} {}', context).map((p) => p.placeholder)).toEqual(['{B}', '{A}', '{}']);
  });

  it('a header beyond the fiftieth is not a column', () => {
    const headers = Array.from({ length: 51 }, (_, i) => `H${i + 1}`);
    expect(placeholderProblems('{H50} {H51}', { ...context, listHeaders: headers }).map((p) => p.placeholder)).toEqual([
      '{H51}',
    ]);
  });
});

describe('availablePlaceholders', () => {
  it('names, then list columns, then text defaults, then links with a domain', () => {
    expect(availablePlaceholders(context).map((p) => [p.kind, p.token])).toEqual([
      ['name', '{firstName}'],
      ['name', '{lastName}'],
      ['listHeader', '{Precinct}'],
      ['listHeader', '{City}'],
      ['listHeader', '{Polling Place}'],
      ['listHeader', '{Sign-up Date}'],
      ['textDefault', '{Candidate}'],
      ['link', '{link:vote}'],
      ['link', '{link:Donate}'],
    ]);
  });

  it('shows a default with its value and a link with its address', () => {
    const all = availablePlaceholders(context);
    expect(all.find((p) => p.token === '{Candidate}')).toMatchObject({ label: 'Candidate', description: 'Ana Ruiz' });
    expect(all.find((p) => p.token === '{link:vote}')).toMatchObject({ label: 'go.example.org/vote' });
  });

  it('leaves out headers that cannot be written as a placeholder (blank, braces)', () => {
    const odd = { listHeaders: ['', '  ', 'a{b}', 'Ok'], textDefaults: [], links: [] };
    expect(availablePlaceholders(odd).map((p) => p.token)).toEqual(['{firstName}', '{lastName}', '{Ok}']);
  });

  it('every offered placeholder renders without a problem', () => {
    const tokens = availablePlaceholders(context)
      .map((p) => p.token)
      .join(' ');
    expect(placeholderProblems(tokens, context)).toEqual([]);
  });
});
