import { isTextEditable, textEntry, textMessages, type RecordOf } from '@canvass/domain';
import { ResourceCreatePage } from '../../ui/resource-create-page';
import { ResourceForm, type SaveAction } from '../../ui/resource-form';

/** Spec §4: 'Save and send' saves the text and marks it for sending. */
const saveAndSend: readonly SaveAction[] = [{ label: textMessages.saveAndSend, attributes: { isSendText: true } }];

/** /texts/new: a Manual text made by hand (the server makes it Manual and Ready). */
export function TextCreatePage() {
  return <ResourceCreatePage def={textEntry} saveActions={saveAndSend} />;
}

/**
 * A text's general edit form: its fields while it is Late, Ready or Sending (spec §4), read-only once it has gone
 * out, saying why. The server holds the same rule.
 */
export function TextEditForm({ record }: { record: RecordOf<typeof textEntry> }) {
  const editable = isTextEditable(record.textStatus);
  return (
    <ResourceForm
      def={textEntry}
      record={record}
      mode="update"
      lockedReason={editable ? undefined : textMessages.notEditable(record.textStatus)}
      saveActions={saveAndSend}
    />
  );
}
