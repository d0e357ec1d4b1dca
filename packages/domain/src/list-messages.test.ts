import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listErrorMessages, optimizedPercent } from './list-messages';

describe('list messages', () => {
  it('the README explains every list error status in the words the list shows', () => {
    const readme = fs.readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    for (const [status, message] of Object.entries(listErrorMessages))
      expect(readme, status).toContain(`| \`${status}\` | ${message} |`);
  });

  it('optimized percent is 100 × (1 − optimized / total), truncated, and 0 for an empty list (spec §9)', () => {
    expect(optimizedPercent(2, 4)).toBe(50);
    expect(optimizedPercent(2, 3)).toBe(33);
    expect(optimizedPercent(0, 0)).toBe(0);
    expect(optimizedPercent(5, 5)).toBe(0);
  });
});
