import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { dollarQuoted } from './dollar-quoted';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
}, 60_000);

describe('dollarQuoted', () => {
  it('reaches the database as it was written, quotes, backslashes and its own tags included', async () => {
    const texts = [
      `{"reason":"Twilio said 'no' \\\\ C:\\\\path"}`,
      'ends in a dollar $',
      'holds the tag $a$ and the next one $a0$',
      "O'Brien's \\n text",
      '',
    ];
    for (const text of texts) {
      const { rows } = await app.platform.database.pool.query<{ t: string }>(`SELECT ${dollarQuoted(text)} AS t`);
      expect(rows[0].t).toBe(text);
    }
  });

  it('refuses a NUL, which no literal can hold', () => {
    expect(() => dollarQuoted('a\0b')).toThrow('NUL');
  });
});
