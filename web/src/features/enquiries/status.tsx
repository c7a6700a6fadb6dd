import { Badge, Stack, Text } from '@mantine/core';
import { ENQUIRY_KIND_LABELS, ENQUIRY_STATUS_LABELS, type EnquiryKind, type EnquiryStatus } from '@tp/domain/enquiries';
import type { Column } from '#shared/DataTable.tsx';
import { countOf } from '#shared/format.ts';

/** Colour by meaning: waiting on us, in progress, done, over. */
const TONE: Record<EnquiryStatus, string> = {
  new: 'blue',
  contacted: 'yellow',
  quoted: 'orange',
  won: 'green',
  lost: 'gray',
};

export function EnquiryStatusBadge({ status }: { status: EnquiryStatus }) {
  return (
    <Badge variant="light" color={TONE[status]}>
      {ENQUIRY_STATUS_LABELS[status]}
    </Badge>
  );
}

/** "2 adults, 1 child" (empty when the visitor did not say). */
export function paxText(adults: number | null, children: number | null): string {
  return [adults && countOf(adults, 'adult'), children && countOf(children, 'child')].filter(Boolean).join(', ');
}

/** The list column of what an enquiry is about: its subject and kind (the inbox and a customer's list). */
export const aboutColumn: Column<{ subjectTitle: string; kind: EnquiryKind }> = {
  key: 'about',
  header: 'About',
  render: (r) => (
    <Stack gap={0}>
      <Text size="sm">{r.subjectTitle}</Text>
      <Text size="xs" c="dimmed">
        {ENQUIRY_KIND_LABELS[r.kind]}
      </Text>
    </Stack>
  ),
};
