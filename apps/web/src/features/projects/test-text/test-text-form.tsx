import { Alert, Button, MultiSelect, Select, Stack, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatPhone, normalizePhone, projectMessages, TEST_TEXT_MAX_RECIPIENTS } from '@canvass/domain';
import { useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import type {
  SendTestTextMutation,
  SendTestTextMutationVariables,
  StepperPhonesQuery,
  StepperPhonesQueryVariables,
} from '../../../gql/graphql';
import { notifyFailed, notifySuccess } from '../../../ui/notify';
import { SEARCH_DEBOUNCE_MS } from '../../../ui/constants';
import { stepperErrorText } from '../stepper/stepper-model';
import { StepperPhones } from '../stepper/stepper-operations';
import type { PhoneOption } from '../stepper/use-active-phones';
import { SendTestText } from './test-text-operations';

// The new test text shows on the project's test texts tab: lists of texts are read again after it.
const CONTEXT = { additionalTypenames: ['Text'] };

// A recipient typed as a number (a staffer's own, not yet a phone of the organization): its option's value.
const TYPED = 'number:';

/** The chosen recipients as the server takes them: the organization's phones by id, and typed numbers. */
export function splitRecipients(values: string[]): { phoneIds: string[]; toNumbers: string[] } {
  return {
    phoneIds: values.filter((v) => !v.startsWith(TYPED)),
    toNumbers: values.filter((v) => v.startsWith(TYPED)).map((v) => v.slice(TYPED.length)),
  };
}

/** The test's form is complete: a recipient, a body and a from phone (spec §5), and a saved project to send it for. */
export function testTextComplete(t: {
  projectId: string | null;
  phoneIds: string[];
  body: string;
  fromPhoneId: string | null;
}) {
  return t.projectId !== null && t.phoneIds.length > 0 && t.body.trim() !== '' && t.fromPhoneId !== null;
}

/**
 * Test Text: the message sent to a few phones from one of the project's numbers (loadSendProject TestText), the
 * stepper's last step, the project page's Test Text dialog and a text's Send or Resend. The server stores a text of
 * type Test per recipient and sends it at once; it shows on the project's test texts. `onSent` follows the server's
 * success message.
 */
export interface TestTextStart {
  body: string;
  recipient?: { id: string; label: string };
  fromPhoneId?: string;
}

export function TestTextForm({
  projectId,
  message,
  senders,
  onSent,
  initial,
}: {
  projectId: string | null;
  message: string;
  /** The project's Active numbers. */
  senders: PhoneOption[];
  onSent?(): void;
  /** Where a resend starts from: the text's recipient and sender. */
  initial?: TestTextStart;
}) {
  const [phoneIds, setPhoneIds] = useState<string[]>(initial?.recipient ? [initial.recipient.id] : []);
  const [known, setKnown] = useState<Map<string, string>>(
    new Map(initial?.recipient ? [[initial.recipient.id, initial.recipient.label]] : []),
  );
  const [body, setBody] = useState(message);
  const [fromPhoneId, setFromPhoneId] = useState<string | null>(
    senders.some((s) => s.id === initial?.fromPhoneId)
      ? initial!.fromPhoneId!
      : senders.length === 1
        ? senders[0].id
        : null,
  );
  const [refused, setRefused] = useState(false);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.replace(/\D/g, ''), SEARCH_DEBOUNCE_MS);
  const variables = useMemo(
    () => ({
      filters: term ? [{ field: 'number', operation: 'Like' as const, value: term, arrayValues: null }] : [],
      limit: 10,
    }),
    [term],
  );
  const [found] = useQuery<StepperPhonesQuery, StepperPhonesQueryVariables>({ query: StepperPhones.source, variables });
  const [sending, send] = useMutation<SendTestTextMutation, SendTestTextMutationVariables>(SendTestText.source);

  const options = new Map(known);
  const foundPhones = found.data?.phones.nodes ?? [];
  for (const p of foundPhones) options.set(p.id, formatPhone(p.number));
  // A whole number typed that the organization does not have yet is offered as it is (the staffer's own phone).
  const typed = normalizePhone(search);
  if ('number' in typed && !foundPhones.some((p) => p.number === typed.number))
    options.set(`${TYPED}${typed.number}`, `${formatPhone(typed.number)} (new number)`);
  const recipientData = [...options].map(([value, label]) => ({ value, label }));

  async function submit() {
    if (!testTextComplete({ projectId, phoneIds, body, fromPhoneId })) {
      setRefused(true);
      notifyFailed(projectMessages.formIncomplete, 'Error');
      return;
    }
    setRefused(false);
    const result = await send({ projectId: projectId!, ...splitRecipients(phoneIds), body, fromPhoneId }, CONTEXT);
    const answer = result.data?.loadSendProject;
    if (result.error || !answer) return notifyFailed(result.error?.message ?? 'No answer', 'Error');
    if (answer.errors.length) return notifyFailed(stepperErrorText(answer.errors), 'Error');
    notifySuccess(answer.message ?? projectMessages.testTextStored);
    onSent?.();
  }

  return (
    <Stack>
      <MultiSelect
        label="Recipients"
        placeholder="Search phone numbers, or type your own"
        description={`Up to ${TEST_TEXT_MAX_RECIPIENTS}`}
        maxValues={TEST_TEXT_MAX_RECIPIENTS}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        data={recipientData}
        // The server searched the digits; Mantine's own filter would compare them with the punctuated labels.
        filter={({ options }) => options}
        value={phoneIds}
        onChange={(ids) => {
          setKnown(new Map(ids.map((id) => [id, options.get(id) ?? id])));
          setPhoneIds(ids);
        }}
        withAsterisk
      />
      <Textarea label="Body" minRows={3} value={body} onChange={(e) => setBody(e.currentTarget.value)} withAsterisk />
      <Select
        label="From phone"
        data={senders.map((p) => ({ value: p.id, label: formatPhone(p.number) }))}
        value={fromPhoneId}
        onChange={setFromPhoneId}
        withAsterisk
        nothingFoundMessage="Choose the project's numbers in Sender"
      />
      {refused && <Alert color="red">{projectMessages.formIncomplete}</Alert>}
      <Button onClick={() => void submit()} loading={sending.fetching} w="fit-content">
        Send test text
      </Button>
    </Stack>
  );
}
