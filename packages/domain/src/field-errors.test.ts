import { describe, expect, it } from 'vitest';
import { fieldErrorsSummary, fieldLabel } from './field-errors';
import { client } from './resources/client';
import { project } from './resources/project';

describe('fieldLabel', () => {
  it("names a field by the registry's label, a ref by its id or its object", () => {
    expect(fieldLabel(project, 'projectType')).toBe(project.fields.projectType.label);
    expect(fieldLabel(project, 'clientId')).toBe('Client');
    expect(fieldLabel(project, 'client')).toBe('Client');
  });

  it("names a row's field by the row and its number", () => {
    expect(fieldLabel(client, 'phones.1.number')).toBe('Phone number 2');
  });

  it('puts a key no registry names into words', () => {
    expect(fieldLabel(undefined, 'uploadId')).toBe('Upload');
    expect(fieldLabel(undefined, 'textIds')).toBe('Texts');
    expect(fieldLabel(undefined, 'startAt')).toBe('Start at');
    expect(fieldLabel(client, 'id')).toBe('Client');
    expect(fieldLabel(undefined, 'prices.1.startAt')).toBe('Price 2');
  });
});

describe('fieldErrorsSummary', () => {
  it('one sentence a field, in words, never the camelCase key', () => {
    const text = fieldErrorsSummary(project, [
      { field: 'name', messages: ['Name is required'] },
      { field: 'projectType', messages: ['Type is required'] },
      { field: 'clientId', messages: ['Invalid id: "x"'] },
      { field: 'base', messages: ['You are not allowed to do this'] },
    ]);
    expect(text).toBe('Name is required. Type is required. Client: Invalid id: "x". You are not allowed to do this');
    expect(text).not.toMatch(/projectType|clientId/);
  });
});
