import { client } from '@canvass/domain';
import { describe, expect, it } from 'vitest';
import { placeServerErrors } from './server-errors';

describe('placeServerErrors', () => {
  it('puts errors on the inputs shown, by field, ref object name or row path', () => {
    const { onFields, elsewhere } = placeServerErrors(
      client,
      [
        { field: 'name', messages: ['Name has already been taken'] },
        { field: 'agency', messages: ['Agency must be a client of type Agency'] },
        { field: 'phones.0.number', messages: ['Number should be 10 digits'] },
        { field: 'slug', messages: ['Slug has already been taken'] },
        { field: 'base', messages: ['Something else'] },
      ],
      ['name', 'agencyId', 'phones'],
    );
    expect(onFields).toEqual({
      name: 'Name has already been taken',
      agencyId: 'Agency must be a client of type Agency',
      'phones.0.number': 'Number should be 10 digits',
    });
    expect(elsewhere.map((e) => e.field)).toEqual(['slug', 'base']);
  });
});
