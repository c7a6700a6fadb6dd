import { useState } from 'react';
import { Alert, Button, Container, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { DISRUPTION_MSG, getDisruptions } from '@tp/contracts/endpoints/disruptions';
import { CursorPager, useCursorPages } from '#shared/cursor-pages.tsx';
import { DisruptionCard } from '#shared/DisruptionCard.tsx';
import { useUser } from '#lib/state.ts';

/**
 * `/flights/disruptions`: airlines' schedule changes to ticketed bookings, newest first; staff see the site's,
 * anyone else their own bookings'. Open ones by default.
 */
export default function DisruptionsPage() {
  const [show, setShow] = useState<'open' | 'all'>('open');
  const user = useUser();
  const staff = user?.userType === 'staff';
  const list = useCursorPages(getDisruptions, { show, limit: 20 });
  return (
    <Container size="md" py="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={1} size="h2">
            Disruptions
          </Title>
          <SegmentedControl
            aria-label="Which disruptions"
            value={show}
            onChange={(v) => setShow(v === 'all' ? 'all' : 'open')}
            data={[
              { value: 'open', label: 'Open' },
              { value: 'all', label: 'All' },
            ]}
          />
        </Group>
        <Text size="sm" c="dimmed">
          {staff
            ? "Airlines' schedule changes to this site's ticketed bookings."
            : "Airlines' schedule changes to your ticketed bookings."}
        </Text>
        {list.error && !list.data ? (
          <Alert color="red" title="Could not load the disruptions" role="alert">
            <Button mt="sm" size="xs" onClick={() => void list.mutate()}>
              Try again
            </Button>
          </Alert>
        ) : !list.data ? (
          <Group justify="center" py="xl">
            <Loader aria-label="Loading disruptions" />
          </Group>
        ) : list.data.records.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {DISRUPTION_MSG.none}
          </Text>
        ) : (
          list.data.records.map((d) => (
            <DisruptionCard key={`${d.bookingId}-${d.disruptionId}`} disruption={d} showBooking={staff} />
          ))
        )}
        <CursorPager pages={list} />
      </Stack>
    </Container>
  );
}
