import type { EnumValue } from '../enum';
import { MessagingServiceType, Provider, TextStatus, TextType } from '../enums';
import { defineResource, field, oneOf, ref, text } from '../resource';

type TextStatusValue = EnumValue<typeof TextStatus>;

/** Spec §4: a text's fields may be changed only while it has not gone out yet (or is being sent). */
export const EDITABLE_TEXT_STATUSES: readonly TextStatusValue[] = ['Late', 'Ready', 'Sending'];

/** Whether a saved text in this status may still be edited (spec §4); a new text always may. */
export function isTextEditable(status: unknown): boolean {
  return EDITABLE_TEXT_STATUSES.includes(status as TextStatusValue);
}

/** The words of texts (spec §8), shared by the server and the screens. */
export const textMessages = {
  created: 'The text has been created successfully',
  edited: 'The text has been edited successfully',
  createFailed: 'Error creating Text',
  updateFailed: 'Error, text not updated',
  /** Not a spec text: the spec names the rule (§4) but not the words of its refusal. */
  notEditable: (status: string) =>
    `A ${status} text cannot be edited: only a Late, Ready or Sending text can be changed`,
  saveAndSend: 'Save and send',
} as const;

/** Sending a text now (sendText, the kebab's Send). */
export const textSendMessages = {
  notSent: 'Error, text not sent',
} as const;

/**
 * A text (spec §3 Text): one message, sent or received. The load, the test text, sending and the webhooks write
 * most of them; staff add a Manual text by hand and edit one while it is Late, Ready or Sending (the texts module).
 * The organization's list is read newest first off the primary key (organization_id, id, created_at); a project's
 * tabs page by (text_status, id) on (organization_id, project_id, text_status, id), the one other sort, which is
 * allowed only inside one project; a phone's and a texter's tabs are read through (organization_id, from_phone_id),
 * (organization_id, to_phone_id) and (organization_id, texter_id, …). Never counted past the cap.
 */
export const textEntry = defineResource({
  name: 'text',
  plural: 'texts',
  typeName: 'Text',
  label: 'Text',
  pluralLabel: 'Texts',
  path: 'texts',
  fields: {
    body: text('Body', { required: true }),
    // A text's numbers read as numbers to whoever sees the text (a texter may not open the phones themselves).
    fromPhoneId: ref('phone', 'fromPhone', 'From phone', { where: { phoneType: 'FromPhone' }, namedWithRecord: true }),
    toPhoneId: ref('phone', 'toPhone', 'To phone', { namedWithRecord: true }),
    // A text goes with its project (the foreign key cascades); a Manual text may belong to none.
    projectId: ref('project', 'project', 'Project', { deletedWith: true }),
    texterId: ref('user', 'texter', 'Texter'),
    // Settled by the texts module, never by the viewer: a save from the form makes the text Ready again, a text
    // made by hand is Manual (spec §4). Inputs only because the API's update attributes name them (spec §7).
    textStatus: oneOf(TextStatus, 'Status', { required: true, default: 'Ready' }),
    textType: oneOf(TextType, 'Type', { required: true, default: 'Manual' }),
    // 'Save and send': the dispatch engine sends Ready texts that carry it.
    isSendText: field('boolean', 'Send'),
    renderedMessage: text('Rendered message', { readOnly: true }),
    // What the recipient reads: the rendered message of a List text, the body of one without a template.
    message: text('Message', { readOnly: true }),
    messagingServiceType: oneOf(MessagingServiceType, 'Service', { readOnly: true, required: true }),
    // What it was sent through (dispatch sets it); a text not sent yet shows its from phone's provider.
    provider: oneOf(Provider, 'Provider', { readOnly: true, colourFrom: 'providerColor' }),
    // The organization's colour for that provider (spec §2 provider-colors), added per page.
    providerColor: field('color', 'Provider colour', { readOnly: true }),
    sentAt: field('datetime', 'Sent', { readOnly: true }),
    errorMessage: text('Error', { readOnly: true }),
    segments: field('number', 'Segments', { readOnly: true, integer: true }),
    // Spec §3/§4: whether the text's recipient (the sender of a received text) is opted out of the text's client
    // (or the organization); added per page, turned on and off with setTextOptOut.
    optOut: field('boolean', 'Opted out', { readOnly: true }),
    createdAt: field('datetime', 'Created', { readOnly: true, required: true }),
  },
  list: {
    columns: ['toPhoneId', 'fromPhoneId', 'textStatus', 'textType', 'provider', 'message', 'sentAt'],
    search: 'body',
    sortBy: 'id',
    sortOrder: 'Desc',
    sortable: ['textStatus'],
    scope: 'projectId',
    exportColumns: [
      'toPhoneId',
      'fromPhoneId',
      'textStatus',
      'textType',
      'provider',
      'body',
      'renderedMessage',
      'sentAt',
      'createdAt',
    ],
  },
  sections: [
    { title: 'General', path: 'general', fields: ['body', 'fromPhoneId', 'toPhoneId', 'projectId', 'texterId'] },
  ],
  guard: 'Text',
  ownedBy: null,
  ownedThrough: 'projectId',
  texterAssignedThrough: 'projectId',
  messages: {
    destroyed: 'The text has been deleted successfully',
    created: textMessages.created,
    edited: textMessages.edited,
    createFailed: textMessages.createFailed,
    updateFailed: textMessages.updateFailed,
  },
});
