import { Loader, Menu } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconSend } from '@tabler/icons-react';
import { Suspense } from 'react';
import { lazyNamed } from '../../ui/lazy-component';
import type { ResourceRecord } from '../../ui/types';

const TestTextContent = lazyNamed(
  () => import('../../features/projects/test-text/test-text-dialog'),
  'TestTextContent',
);

interface Reference {
  id: string;
  name: string;
}

const referenceOf = (value: unknown): Reference | null =>
  value && typeof value === 'object' && 'id' in value && 'name' in value ? (value as Reference) : null;

/**
 * Spec §2 texts/{id} kebab: Send for a Ready text, Resend for a Ready or Test one; each opens the test-send dialog
 * of the text's project, starting from the text's body, recipient and sender. (The menu unmounts its items when it
 * closes, so the dialog goes through the modals manager.) A text outside a project has neither.
 */
export function textSendActions(record: ResourceRecord) {
  const inProject = record.projectId != null;
  const ready = inProject && record.textStatus === 'Ready';
  return { send: ready, resend: inProject && (ready || record.textType === 'Test') };
}

export function TextMenuItems({ record }: { record: ResourceRecord }) {
  const projectId = String(record.projectId);
  const { send, resend } = textSendActions(record);
  const recipient = referenceOf(record.toPhone);
  const open = () => {
    const id = modals.open({
      title: 'Test Text',
      size: 'lg',
      children: (
        <Suspense fallback={<Loader size="sm" />}>
          <TestTextContent
            projectId={projectId}
            onSent={() => modals.close(id)}
            initial={{
              body: String(record.body ?? ''),
              recipient: recipient ? { id: recipient.id, label: recipient.name } : undefined,
              fromPhoneId: record.fromPhoneId == null ? undefined : String(record.fromPhoneId),
            }}
          />
        </Suspense>
      ),
    });
  };
  return (
    <>
      {send && (
        <Menu.Item leftSection={<IconSend size={14} />} onClick={open}>
          Send
        </Menu.Item>
      )}
      {resend && (
        <Menu.Item leftSection={<IconSend size={14} />} onClick={open}>
          Resend
        </Menu.Item>
      )}
    </>
  );
}
