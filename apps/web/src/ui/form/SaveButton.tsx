import { Button, Group } from '@mantine/core';

/** A form's Save, at its foot on the right: spinning while the save is under way. */
export function SaveButton({ saving }: { saving: boolean }) {
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={saving}>
        Save
      </Button>
    </Group>
  );
}
