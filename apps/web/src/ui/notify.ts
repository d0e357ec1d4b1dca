import { notifications } from '@mantine/notifications';
import { messages } from '@canvass/domain';
import type { FieldError } from './types';

/** 'All changes saved' (spec §8), or a more specific success line under it. */
export function notifySaved(message?: string): void {
  notifications.show({ color: 'green', title: messages.allChangesSaved, message: message ?? '' });
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message });
}

/** 'Failed' with the server's words (spec §8: a failed delete or load shows the server message). */
export function notifyFailed(message: string, title: string = messages.failed): void {
  notifications.show({ color: 'red', title, message });
}

export { errorText } from '../app/error-text';

/** 'field: message.' pairs joined, the way spec §8 lists errors that have no input to sit under. */
export function fieldErrorsText(errors: readonly FieldError[]): string {
  return errors
    .map((e) => (e.field === 'base' ? e.messages.join(' ') : `${e.field}: ${e.messages.join(', ')}.`))
    .join(' ');
}
