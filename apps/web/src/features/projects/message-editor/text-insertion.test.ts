import { describe, expect, it } from 'vitest';
import { replaceRange, slashQueryAt } from './text-insertion';

describe('slashQueryAt', () => {
  it("a '/' at the start of the message or of a word opens the menu", () => {
    expect(slashQueryAt('/', 1)).toEqual({ start: 0, query: '' });
    expect(slashQueryAt('Hi there /', 10)).toEqual({ start: 9, query: '' });
    expect(slashQueryAt('Hi\n/st', 6)).toEqual({ start: 3, query: 'st' });
  });

  it("what follows the '/' up to the cursor is the query", () => {
    expect(slashQueryAt('Vote /rep', 9)).toEqual({ start: 5, query: 'rep' });
    expect(slashQueryAt('Vote /rep more', 9)).toEqual({ start: 5, query: 'rep' });
  });

  it("a '/' inside a word or URL, or after a space was typed, is plain text", () => {
    expect(slashQueryAt('and/or', 4)).toBeNull();
    expect(slashQueryAt('https://go.org/', 15)).toBeNull();
    expect(slashQueryAt('Vote /rep ', 10)).toBeNull();
    expect(slashQueryAt('Vote /', 4)).toBeNull();
    expect(slashQueryAt('', 0)).toBeNull();
  });
});

describe('replaceRange', () => {
  it('replaces the range and puts the cursor after the inserted text', () => {
    expect(replaceRange('Vote /rep now', 5, 9, 'Reply STOP to opt out')).toEqual({
      value: 'Vote Reply STOP to opt out now',
      cursor: 26,
    });
    expect(replaceRange('Hi ', 3, 3, '{firstName}')).toEqual({ value: 'Hi {firstName}', cursor: 14 });
  });
});
