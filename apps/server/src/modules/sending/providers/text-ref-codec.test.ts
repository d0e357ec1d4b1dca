import { describe, expect, it } from 'vitest';
import { textRefFromUrl, textRefUrl, withTextRef } from './text-ref-codec';

const ref = { organizationId: 7, textId: 123456789, createdAtMs: 1764190000123 };

describe('textRefUrl', () => {
  it('builds the same callback URL as withTextRef, which carries the ref back', () => {
    for (const url of [
      'https://canvass.example/webhooks/Twilio/status',
      'https://canvass.example:8443/base/webhooks/Telucom/status?region=us&x=a%20b',
      'http://localhost:3000/webhooks/Simulator/status?',
      'https://canvass.example/webhooks/Twilio/status?o=1&x=2',
      'https://canvass.example/webhooks/Twilio/status#frag',
    ]) {
      expect(textRefUrl(url)(ref)).toBe(withTextRef(url, ref));
      expect(textRefFromUrl(textRefUrl(url)(ref))).toEqual(ref);
    }
  });
});
