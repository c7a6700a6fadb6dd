import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_PACKAGE_POINTS } from '@tp/domain/packages';

/** An editable list of short lines (inclusions, exclusions): one input each, removable, with an Add button. */
export function PointsField<V extends object>({
  form,
  field,
  label,
  one,
}: {
  form: UseFormReturnType<V>;
  field: string;
  label: string;
  /** What one line is called ("inclusion"). */
  one: string;
}) {
  const items = ((form.getValues() as Record<string, unknown>)[field] as string[] | undefined) ?? [];
  const listError = form.errors[field];
  return (
    <Stack gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={500} size="sm" mb={4}>
        {label}
      </Text>
      {items.map((_, i) => (
        <Group key={form.key(`${field}.${i}`)} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            aria-label={`${label} ${i + 1}`}
            style={{ flex: 1 }}
            {...form.getInputProps(`${field}.${i}`)}
            key={form.key(`${field}.${i}`)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove ${one} ${i + 1}`}
            onClick={() => form.removeListItem(field as never, i)}
          >
            <span aria-hidden="true">✕</span>
          </ActionIcon>
        </Group>
      ))}
      {listError && (
        <Text size="xs" c="red.8" role="alert">
          {listError}
        </Text>
      )}
      <Button
        variant="subtle"
        size="xs"
        style={{ alignSelf: 'flex-start' }}
        disabled={items.length >= MAX_PACKAGE_POINTS}
        onClick={() => form.insertListItem(field as never, '' as never)}
      >
        Add {one}
      </Button>
    </Stack>
  );
}
