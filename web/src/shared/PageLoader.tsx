import { Center, Loader } from '@mantine/core';

/** What a screen shows while its code or first data loads. */
export function PageLoader() {
  return (
    <Center py="xl" mih={200}>
      <Loader aria-label="Loading" />
    </Center>
  );
}
