import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

interface Props {
  opened: boolean;
  title: string;
  /** While the removal is under way: the Remove button spins. */
  busy: boolean;
  onClose(): void;
  onSubmit(event: FormEvent): void;
  /** What the removal asks for (a reason) and what went wrong. */
  children: ReactNode;
}

/** A removal that asks something first (an opt-out's reason): the dialog, its form, Cancel and a red Remove. */
export function RemoveFormModal({ opened, title, busy, onClose, onSubmit, children }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={busy}>
              Remove
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
