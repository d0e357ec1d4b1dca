import { Center, Loader } from '@mantine/core';

/** Shown while the session is being restored, so no page flashes the wrong content first. */
export function PageLoader() {
  return (
    <Center h="60vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
