import { describe, expect, it } from 'vitest';
import { compileJsonTemplate, compileText, fillText, lookupIn } from './json-template';

const values = lookupIn({
  to: '+12125550100',
  body: 'Say "hi"\n{to} stays as written',
  mediaUrls: ['https://m.example/a.png', 'https://m.example/b.png'],
  KEY: 'k-1',
});

describe('compiled JSON templates', () => {
  it('fills placeholders inside string values, escaped, keeping key order, fixed values and unknown placeholders', () => {
    const fill = compileJsonTemplate(
      '{"b":"{to}","a":{"text":"{body}","n":3,"ok":true,"none":null},"2":"x","list":["{KEY}-{to}",1],"other":"{missing}"}',
    );
    const json = fill(values);
    expect(JSON.parse(json)).toEqual({
      b: '+12125550100',
      a: { text: 'Say "hi"\n{to} stays as written', n: 3, ok: true, none: null },
      2: 'x',
      list: ['k-1-+12125550100', 1],
      other: '{missing}',
    });
    // The order JSON.stringify writes: integer-like keys first, then the template's order.
    expect(json.startsWith('{"2":"x","b":"+12125550100","a":{"text":"Say \\"hi\\"\\n{to} stays')).toBe(true);
  });

  it('makes a value that is exactly a list placeholder the list, and joins a list inside a longer string', () => {
    const fill = compileJsonTemplate('{"media":"{mediaUrls}","joined":"urls: {mediaUrls}"}');
    expect(JSON.parse(fill(values))).toEqual({
      media: ['https://m.example/a.png', 'https://m.example/b.png'],
      joined: 'urls: https://m.example/a.png,https://m.example/b.png',
    });
  });

  it('fills plain text, leaving placeholders with no value (nor an inherited one) as written', () => {
    expect(compileText('https://api.example/{KEY}/sms?to={to}')(values)).toBe(
      'https://api.example/k-1/sms?to=+12125550100',
    );
    expect(fillText('Bearer {KEY} {toString}', { KEY: 'k-2' })).toBe('Bearer k-2 {toString}');
  });

  it('refuses a template that is not JSON', () => {
    expect(() => compileJsonTemplate('{"to": {to}}')).toThrow('HTTP_BODY_TEMPLATE is not valid JSON');
  });
});
