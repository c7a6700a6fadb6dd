import { Component, type ReactNode } from 'react';
import { Button, Center, Stack, Text } from '@mantine/core';
import * as MSG from '@tp/contracts/messages';

/**
 * Last resort when a screen throws or its code cannot be loaded (typically a chunk from before a
 * new deployment): a reload fetches the current build. Keyed by path, so navigating away resets it.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Center mih="50vh" p="md">
        <Stack align="center">
          <Text role="alert">{MSG.somethingWentWrong}</Text>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </Stack>
      </Center>
    );
  }
}
