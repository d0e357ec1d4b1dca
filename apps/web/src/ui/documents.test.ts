import { brand, campaign, client } from '@canvass/domain';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_TASK, documentsFor, EXPORT_CSV } from './documents';

describe('documentsFor', () => {
  it('builds documents that parse as GraphQL', () => {
    for (const def of [client, brand, campaign]) {
      for (const doc of Object.values(documentsFor(def))) if (doc) expect(() => parse(doc)).not.toThrow();
    }
    expect(() => parse(EXPORT_CSV)).not.toThrow();
    expect(() => parse(BACKGROUND_TASK)).not.toThrow();
  });

  it('builds each resource once', () => {
    expect(documentsFor(client)).toBe(documentsFor(client));
  });
});
