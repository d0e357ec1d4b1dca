/**
 * Why dispatch did not send a text (its error message, read by staff on the texts tab), and the quiet-hours
 * settings' validation. Not spec texts: the spec has none for these.
 */
export const sendTimeMessages = {
  optedOut: (on: Date) => `Not sent: the recipient opted out on ${on.toISOString().slice(0, 10)}`,
  doNotContact: 'Not sent: the recipient is on the do-not-contact list',
  windowAfterEnd: "Not sent: the recipient's sending hours did not open before the project ended",
  projectEnded: 'Not sent: the project ended before the text could go out',
} as const;

export const quietHoursMessages = {
  invalidTime: 'Time must be HH:MM, from 00:00 to 24:00',
  endBeforeStart: 'End must be after start',
  invalidState: 'State is not a valid option',
  invalidDays: 'Days is not a valid option',
  daysTwice: (state: string) => `${state} has more than one window on the same day`,
} as const;
