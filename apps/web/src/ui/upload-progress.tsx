import { Progress, Stack, Text } from '@mantine/core';

/** How far an upload is (0 to 1): a bar and the percentage, while the file goes up. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <Stack gap={4}>
      <Progress value={percent} aria-label="Upload progress" />
      <Text size="xs" c="dimmed">
        Uploading {percent}%
      </Text>
    </Stack>
  );
}
