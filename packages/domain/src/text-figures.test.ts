import { describe, expect, it } from 'vitest';
import { inboundTexts, outboundTexts } from './text-figures';

describe("a project's text figures", () => {
  it('count the texts it sends apart from the replies it receives', () => {
    const counts = [
      { key: 'Delivered', count: 1905 },
      { key: 'Undelivered', count: 33 },
      { key: 'Failed', count: 51 },
      { key: 'Received', count: 364 },
    ];
    expect(outboundTexts(counts)).toBe(1989);
    expect(inboundTexts(counts)).toBe(364);
  });
});
