import { Button, Group } from '@mantine/core';

/** The footer of a form (in a dialog or a drawer): Cancel, then the submit button, busy while the write runs. */
export function FormFooter({
  onCancel,
  busy,
  label = 'Save',
}: {
  onCancel: () => void;
  busy: boolean;
  label?: string;
}) {
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={busy}>
        {label}
      </Button>
    </Group>
  );
}
