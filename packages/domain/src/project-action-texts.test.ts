import { describe, expect, it } from 'vitest';
import { actionQuestion, isConfirmedAction } from './project-action-texts';

describe('the confirmation of an action that sends texts or removes work', () => {
  it('names how many texts it concerns', () => {
    expect(actionQuestion('ResendTexts', 1234)).toMatch(/^Are you sure you want to resend 1,234 texts\?/);
    expect(actionQuestion('UnloadProject', 1)).toContain('It removes its 1 text not sent yet.');
    expect(actionQuestion('CancelProject', 3)).toContain('Its 3 texts not sent yet will not be sent');
    expect(actionQuestion('SendTexts', 0)).toMatch(/^Are you sure you want to send 0 texts\?/);
  });

  it('is asked for sending, resending, unloading and cancelling, not for loading or a test text', () => {
    expect(
      ['SendTexts', 'ResendTexts', 'UnloadProject', 'CancelProject'].every((a) => isConfirmedAction(a as never)),
    ).toBe(true);
    expect(isConfirmedAction('LoadProject')).toBe(false);
    expect(isConfirmedAction('TestText')).toBe(false);
  });
});
