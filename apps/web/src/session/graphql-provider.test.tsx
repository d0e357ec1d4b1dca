import { render } from '@testing-library/react';
import { useClient, type Client } from 'urql';
import { describe, expect, it } from 'vitest';
import { GraphqlProvider } from './graphql-provider';

describe('GraphqlProvider', () => {
  it('keeps its client (and cache) while the cache key stays, and starts a new one when it changes', () => {
    const seen: Client[] = [];
    function Probe() {
      seen.push(useClient());
      return null;
    }
    const view = render(
      <GraphqlProvider cacheKey={1}>
        <Probe />
      </GraphqlProvider>,
    );
    view.rerender(
      <GraphqlProvider cacheKey={1}>
        <Probe />
      </GraphqlProvider>,
    );
    view.rerender(
      <GraphqlProvider cacheKey={2}>
        <Probe />
      </GraphqlProvider>,
    );
    const [first, second, third] = seen;
    expect(second).toBe(first);
    expect(third).not.toBe(first);
    expect(seen.at(-1)).toBe(third);
  });
});
