import { Center, Loader } from '@mantine/core';

/** Shown while the first screen's module loads, before anything else can render. */
export function PageLoader() {
  return (
    <Center mih="100vh" aria-label="Loading Pushboard">
      <Loader />
    </Center>
  );
}
