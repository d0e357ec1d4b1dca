import { defineEnum, type EnumValue } from './enum';

/** The words of opt-outs and do-not-contact numbers (spec §5, §8), shared by the server and the screens. */
export const optOutMessages = {
  added: 'Opt-out added',
  removed: 'Opt-out removed',
  invalidPhone: 'You must choose a valid phone',
  errorAdding: 'Error adding opt-out',
  errorRemoving: 'Error removing opt-out',
  /** The opt-out toggle on a text (spec §4, §8). */
  created: 'Opt out has been created successfully',
  deleted: 'Opt out has been deleted successfully',
  /** Not a spec text: the reason kept in the audit when the toggle on a text removes an opt-out. */
  toggledOff: 'Turned off on a text',
  /** Not a spec text: the spec has none for a number that is already opted out. */
  alreadyOptedOut: (scope: string) => `This number is already opted out ${scope}`,
  reasonRequired: 'Reason is required',
  numberSaved: 'Number saved successfully',
  numberDeleted: 'Number deleted successfully',
  /** Not a spec text either: a do-not-contact number added twice. */
  alreadyDoNotContact: 'This number is already on the do-not-contact list',
  notDoNotContact: 'This number is not on the do-not-contact list',
} as const;

/** Where a change to an opt-out or a do-not-contact number came from, as its audit record says. */
export const OptOutChangeSource = defineEnum('OptOutChangeSource', ['Manual', 'Api', 'Import', 'Inbound'], {
  labels: { Manual: 'In the app', Api: 'API', Import: 'Data import', Inbound: 'Inbound STOP' },
});
export type OptOutChangeSourceValue = EnumValue<typeof OptOutChangeSource>;

/** What a change did: an opt-out or do-not-contact mark added, or removed. */
export const OptOutChangeAction = defineEnum('OptOutChangeAction', ['Added', 'Removed'], {
  colours: { Added: 'red', Removed: 'gray' },
});

/**
 * What Canvass answers a keyword with by itself (issue 15 §1), where the client has no text of its own: `name` is
 * the client's, or the organization's for a number no client is known for. Not spec texts: the spec has none.
 */
export const keywordReplies = {
  optedOut: (name: string) =>
    `You have been unsubscribed from ${name} and will receive no more messages. Reply START to resubscribe.`,
  help: (name: string) => `${name}: for help reply to this number. Msg&data rates may apply. Reply STOP to opt out.`,
  optedIn: (name: string) => `You have been resubscribed to ${name}. Reply STOP to opt out.`,
  /** The reason in the audit record of an opt-out removed by the recipient's own START. */
  optInReason: 'Recipient texted START',
} as const;
