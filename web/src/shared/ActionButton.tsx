import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, type ButtonProps } from '@mantine/core';
import { useAction } from '#api/action.ts';

/**
 * A button running an async action, spinning meanwhile. With `confirm`, it first asks in a dialog
 * (title = the button's `label` for `subject`), so final moves are never one slip of the finger.
 */
export function ActionButton({
  label,
  subject,
  confirm,
  run,
  ...button
}: Omit<ButtonProps, 'children' | 'onClick'> & {
  label: string;
  /** What the action is about, for the accessible name and the dialog ("Flight Deals · Flights"). */
  subject: string;
  confirm?: string;
  run: () => Promise<unknown>;
}) {
  const [asking, setAsking] = useState(false);
  // A failure was toasted by the API client; nothing changed.
  const action = useAction(run);
  const go = () => {
    setAsking(false);
    void action.run(undefined);
  };
  return (
    <>
      <Button
        size="xs"
        {...button}
        loading={action.busy}
        aria-label={`${label} ${subject}`}
        onClick={() => (confirm ? setAsking(true) : go())}
      >
        {label}
      </Button>
      {confirm && (
        <Modal opened={asking} onClose={() => setAsking(false)} title={`${label} ${subject}?`} centered size="sm">
          <Stack gap="md">
            <Text size="sm">{confirm}</Text>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setAsking(false)}>
                Cancel
              </Button>
              <Button color={button.color} onClick={go} data-autofocus>
                {label}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </>
  );
}
