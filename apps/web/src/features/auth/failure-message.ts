import { messages } from '@canvass/domain';
import { errorText, type RequestError } from '../../session/error-text';
import type { MessagePayload } from '../../session/session-types';

/**
 * The text to show when an auth call did not succeed: the server's message, else its field messages, else the
 * GraphQL error or that the server cannot be reached, else a generic apology. `||` on purpose: an empty string
 * says nothing.
 */
export function failureMessage(payload: MessagePayload | undefined, error: RequestError | undefined): string {
  const fieldMessages = payload?.errors.flatMap((fieldError) => fieldError.messages) ?? [];
  return payload?.message || fieldMessages.join('. ') || (error && errorText(error)) || messages.technicalDifficulties;
}
