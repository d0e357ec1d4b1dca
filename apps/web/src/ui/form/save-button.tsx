import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** A form's Save, at its foot on the right: spinning while the save is under way; other ways to save beside it. */
export function SaveButton({ saving, children }: { saving: boolean; children?: ReactNode }) {
  return (
    <Group justify="flex-end">
      {children}
      <Button type="submit" loading={saving}>
        Save
      </Button>
    </Group>
  );
}
