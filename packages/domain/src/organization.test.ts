import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { validateOrganization } from './organization';
import { isHostName } from './validate';

describe('host names (custom domains)', () => {
  it('takes bare dotted names and refuses schemes, paths, ports and bad labels', () => {
    for (const ok of ['texts.example.org', 'a.b', `${'a'.repeat(63)}.org`, 'x-1.example.co.uk'])
      expect(isHostName(ok), ok).toBe(true);
    for (const bad of [
      'example',
      'https://a.org',
      'a.org/x',
      'a.org:80',
      '-a.org',
      'a-.org',
      'a..org',
      `${'a'.repeat(64)}.org`,
    ])
      expect(isHostName(bad), bad).toBe(false);
  });
});

describe('validateOrganization', () => {
  it('keys row errors by row and field, and accepts upper case in a domain the save lower-cases', () => {
    expect(
      validateOrganization({
        customDomains: [{ domain: 'Texts.Example.ORG' }, { domain: 'texts.example.org' }],
        providerColors: [
          { provider: 'Twilio', color: '' },
          { provider: 'Nope', color: '#fff' },
        ],
      }),
    ).toEqual({
      'customDomains.1.domain': ['Domain has already been taken'],
      'providerColors.1.provider': [messages.invalidOption('Provider')],
    });
  });
});
