import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { myEnquiries, type TMyEnquiry } from '@tp/contracts/endpoints/enquiries';
import { DataTable } from '#shared/DataTable.tsx';
import { formatDate, formatDateTime } from '#shared/format.ts';
import { CursorPager, useCursorPages } from '#shared/cursor-pages.tsx';
import { EnquiryForm } from './EnquiryForm.tsx';
import { aboutColumn, EnquiryStatusBadge } from './status.tsx';
import { Modal } from '#shared/Modal.tsx';

/**
 * /crm for a customer (or staff who do not work the inbox): the enquiries they sent while signed in, with where
 * each one stands, and a general enquiry of their own.
 */
export function MyEnquiries() {
  const [asking, setAsking] = useState(false);
  const list = useCursorPages(myEnquiries, {}, { keepPreviousData: true });
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text c="dimmed" size="sm">
          Your enquiries about tour packages, visas and anything else, and where each one stands.
        </Text>
        <Button onClick={() => setAsking(true)}>Send an enquiry</Button>
      </Group>
      <DataTable<TMyEnquiry>
        label="My enquiries"
        rows={list.data?.records}
        loading={list.isLoading}
        empty="You have not sent an enquiry yet."
        rowKey={(r) => r.id}
        minWidth={560}
        columns={[
          { key: 'sent', header: 'Sent', nowrap: true, render: (r) => formatDateTime(r.createdAt) },
          aboutColumn,
          { key: 'travel', header: 'Travel date', render: (r) => (r.travelDate ? formatDate(r.travelDate) : '—') },
          { key: 'status', header: 'Status', render: (r) => <EnquiryStatusBadge status={r.status} /> },
        ]}
      />
      <CursorPager pages={list} />
      <Modal opened={asking} onClose={() => setAsking(false)} title="Send an enquiry" size="lg">
        <EnquiryForm
          kind="general"
          subjectTitle="General enquiry"
          onSubmitted={() => {
            setAsking(false);
            void list.mutate();
          }}
        />
      </Modal>
    </Stack>
  );
}
