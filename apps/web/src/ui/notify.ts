import { notifications } from '@mantine/notifications';
import { fieldErrorsSummary, messages, type ResourceDef } from '@canvass/domain';
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

export { errorText } from '../session/error-text';

/**
 * Errors that have no input to sit under, one sentence a field as spec §8 lists them ('field: message.'), the field
 * named by its label (the resource's, when given), never by its key.
 */
export function fieldErrorsText(errors: readonly FieldError[], def?: ResourceDef): string {
  return fieldErrorsSummary(def, errors);
}
