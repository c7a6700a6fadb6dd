import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';

export type ResultKind = 'success' | 'error';

const ICONS: Record<ResultKind, { color: string; path: string; label: string }> = {
  success: { color: 'green', path: 'M5 12.5l4.5 4.5L19 7.5', label: 'Success' },
  error: { color: 'red', path: 'M7 7l10 10M17 7L7 17', label: 'Error' },
};

/** The success / error dialog with an icon and a message that later screens use after an action. */
export function ResultModal({
  opened,
  onClose,
  kind,
  message,
  title,
}: {
  opened: boolean;
  onClose: () => void;
  kind: ResultKind;
  message: string;
  title?: string;
}) {
  const icon = ICONS[kind];
  return (
    <Modal opened={opened} onClose={onClose} title={title ?? icon.label} centered size="sm">
      <Stack align="center" gap="md">
        <ThemeIcon color={icon.color} size={56} radius="xl" variant="light" aria-hidden>
          <svg
            width="32"
            height="32"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d={icon.path} />
          </svg>
        </ThemeIcon>
        <Text ta="center" role={kind === 'error' ? 'alert' : 'status'}>
          {message}
        </Text>
        <Button onClick={onClose} fullWidth>
          OK
        </Button>
      </Stack>
    </Modal>
  );
}
