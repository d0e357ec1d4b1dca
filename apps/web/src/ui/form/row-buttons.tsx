import { ActionIcon, Button, Group } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

/** The trash button at the end of one row of a repeated field (configuration keys, phone numbers). */
export function RemoveRowButton({ label, onClick, disabled }: { label: string; onClick(): void; disabled?: boolean }) {
  return (
    <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onClick} disabled={disabled} mt={4}>
      <IconTrash size={16} />
    </ActionIcon>
  );
}

/** The "Add …" button under a repeated field. */
export function AddRowButton({ label, onClick, disabled }: { label: string; onClick(): void; disabled?: boolean }) {
  return (
    <Group>
      <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} onClick={onClick} disabled={disabled}>
        {label}
      </Button>
    </Group>
  );
}
