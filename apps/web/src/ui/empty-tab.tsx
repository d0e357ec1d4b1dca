import { EmptyState } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';

/** A tab whose data belongs to a capability not yet available; it says which, instead of looking broken. */
export function EmptyTab({ title, message }: { title: string; message: string }) {
  return <EmptyState my="xl" icon={<IconHourglassEmpty size={32} />} title={title} description={message} />;
}
