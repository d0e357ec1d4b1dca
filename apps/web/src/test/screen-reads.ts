import { screen } from '@testing-library/react';

export interface AlertText {
  title: string | null;
  message: string | null;
}

/**
 * The alert that says `text` (a notification or an inline Alert; Mantine gives both role="alert"), as a user
 * reads it: its title and its message. Null parts mean the text was found somewhere that is not an alert.
 */
export async function findAlert(text: string, timeout?: number): Promise<AlertText> {
  const found = await screen.findByText(text, {}, timeout === undefined ? undefined : { timeout });
  const alert = found.closest('[role="alert"]');
  return {
    title: alert?.querySelector('.mantine-Notification-title, .mantine-Alert-title')?.textContent || null,
    message: alert?.querySelector('.mantine-Notification-description, .mantine-Alert-message')?.textContent || null,
  };
}

/** What a screen reader reads after a field's name: the text of the elements its aria-describedby names. */
export function descriptionOf(element: Element): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .filter(Boolean)
    .join(' ');
}

/** The text of each cell of a table row, in column order. */
export function cellTexts(row: Element): string[] {
  return [...row.querySelectorAll('td, th')].map((cell) => cell.textContent ?? '');
}

/** On a record's overview, the value shown under a field's label. */
export function overviewValue(label: string): string {
  const labelElement = screen.getByText(label, { selector: 'p' });
  const parts = [...(labelElement.parentElement?.childNodes ?? [])].filter((node) => node !== labelElement);
  return parts.map((node) => node.textContent).join('');
}
