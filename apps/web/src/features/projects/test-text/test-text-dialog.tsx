import { Alert, Loader, Modal } from '@mantine/core';
import { EMPTY_MESSAGE_PLACEHOLDER } from '@canvass/domain';
import { useMemo } from 'react';
import { useQuery } from 'urql';
import type { TestTextProjectQuery, TestTextProjectQueryVariables } from '../../../gql/graphql';
import { errorText } from '../../../ui/notify';
import { projectSenders, useActivePhones } from '../stepper/use-active-phones';
import { TestTextForm, type TestTextStart } from './test-text-form';
import { TestTextProject } from './test-text-operations';

/**
 * The project page's Test Text (its actions menu): the stepper's Test Text form in a dialog, starting from the
 * project's saved message and offering its Active numbers. Closes once the server has stored the test text.
 */
export function TestTextDialog({
  projectId,
  onClose,
  initial,
}: {
  projectId: string;
  onClose(): void;
  /** A text being sent again (its kebab's Send or Resend): its body, recipient and sender to start from. */
  initial?: TestTextStart;
}) {
  return (
    <Modal opened onClose={onClose} title="Test Text" size="lg">
      <TestTextContent projectId={projectId} onSent={onClose} initial={initial} />
    </Modal>
  );
}

/** The dialog's content, for a caller that opens its own modal (a text's kebab, through the modals manager). */
export function TestTextContent({
  projectId,
  onSent,
  initial,
}: {
  projectId: string;
  onSent(): void;
  initial?: TestTextStart;
}) {
  const [read] = useQuery<TestTextProjectQuery, TestTextProjectQueryVariables>({
    query: TestTextProject.source,
    variables: { id: projectId },
    requestPolicy: 'cache-and-network',
  });
  const { phones, fetching } = useActivePhones();
  const project = read.data?.project;
  const senders = useMemo(() => projectSenders(phones, project?.projectPhones ?? []), [phones, project]);
  if (read.error) return <Alert color="red">{errorText(read.error)}</Alert>;
  if (read.data && !project) return <Alert color="red">Error, project not loaded</Alert>;
  if (!project || fetching) return <Loader size="sm" />;
  const message = !project.message || project.message === EMPTY_MESSAGE_PLACEHOLDER ? '' : project.message;
  return (
    <TestTextForm
      projectId={project.id}
      message={initial?.body ?? message}
      senders={senders}
      onSent={onSent}
      initial={initial}
    />
  );
}
