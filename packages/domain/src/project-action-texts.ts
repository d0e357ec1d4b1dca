import type { ProjectActionValue } from './project-lifecycle';

/**
 * The project actions that send texts or remove work, each asked about first with how many texts it concerns
 * (issue 35): a resend of a finished project's texts, an unload or a cancel is never one click. The count is the
 * server's (Project.actionTexts), read when the action is chosen; the words are here, shared by the dialog and its
 * tests. The spec's confirmations ask "Are you sure you want to …?" (§8), and so do these.
 */
export const confirmedActions = ['SendTexts', 'ResendTexts', 'UnloadProject', 'CancelProject'] as const;
export type ConfirmedAction = (typeof confirmedActions)[number];

export function isConfirmedAction(action: ProjectActionValue): action is ConfirmedAction {
  return (confirmedActions as readonly string[]).includes(action);
}

/** '1 text', '1,234 texts'. */
export function textCount(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'text' : 'texts'}`;
}

/** The question each confirmed action asks, naming the texts it concerns. */
export function actionQuestion(action: ConfirmedAction, count: number): string {
  const texts = textCount(count);
  switch (action) {
    case 'SendTexts':
      return `Are you sure you want to send ${texts}? Its loaded texts are released to be sent.`;
    case 'ResendTexts':
      return `Are you sure you want to resend ${texts}? The texts that failed go out again as new messages.`;
    case 'UnloadProject':
      return `Are you sure you want to unload this project? It removes its ${texts} not sent yet.`;
    case 'CancelProject':
      return `Are you sure you want to cancel this project? Its ${texts} not sent yet will not be sent.`;
  }
}
