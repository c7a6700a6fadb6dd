import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { getItinerariesByDate, type TCustomerDay } from '@tp/contracts/endpoints/kart';
import type { ItineraryItemKind } from '@tp/domain/dmc';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { DateField } from '#shared/DateField.tsx';
import { formatDate } from '#shared/format.ts';
import { humanDays } from '../shared/format.ts';
import { DmcPage } from '../shared/page.tsx';
import { officeToday } from './dates.ts';
import { paxLabel } from './labels.tsx';
import './itineraries.css';

const KIND_LABELS: Record<ItineraryItemKind, string> = {
  checkOut: 'Check-out',
  inHouse: 'In house',
  transfer: 'Transfer',
  activity: 'Activity',
  misc: 'Other',
  checkIn: 'Check-in',
};

/** One customer's day: a block that prints whole (itineraries.css). */
function CustomerDayBlock({ day }: { day: TCustomerDay }) {
  const titleId = `itinerary-${day.kartId}`;
  return (
    <Paper component="article" withBorder p="md" className="itineraries-day" aria-labelledby={titleId}>
      <Group justify="space-between" align="baseline" gap="xs" mb="xs">
        <Title order={2} size="h4" id={titleId}>
          {day.customerName}
        </Title>
        <Text size="sm">
          {paxLabel(day)}
          {day.customerPhone && (
            <>
              {' · '}
              <a href={`tel:${day.customerPhone}`}>{day.customerPhone}</a>
            </>
          )}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" mb="xs">
        {day.kartName}
      </Text>
      <table aria-label={`${day.customerName}'s day`}>
        <thead>
          <tr>
            <th className="itineraries-time">Time</th>
            <th>What</th>
            <th>Details</th>
          </tr>
        </thead>
        <tbody>
          {day.items.map((item, i) => (
            <tr key={`${item.kind}-${item.transferId ?? i}`}>
              <td className="itineraries-time">{item.time ?? '—'}</td>
              <td>
                <Badge variant="light" size="sm" mr={6}>
                  {KIND_LABELS[item.kind]}
                </Badge>
                {item.title}
              </td>
              <td>{humanDays(item.detail)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Paper>
  );
}

/** /staff/dmc-datewise-itineraries (spec 001 §2): every customer's day on a chosen date, printable. */
export default function DatewiseItinerariesPage() {
  const [date, setDate] = useState(officeToday);
  const days = useApi(getItinerariesByDate, date ? { date } : null);
  return (
    <DmcPage
      title="Datewise Itineraries"
      permission="dmc.karts"
      intro="Every customer's day on one date: hotel check-ins and check-outs, transfers, activities and other services."
    >
      <Stack className="itineraries" gap="md">
        <Group className="itineraries-actions" align="flex-end" gap="sm">
          <DateField label="Date" value={date} onChange={setDate} w={180} />
          <Button variant="default" onClick={() => window.print()} disabled={!days.data?.length}>
            Print
          </Button>
        </Group>
        <Title order={2} size="h3">
          {date ? formatDate(date) : 'Choose a date'}
        </Title>
        <AsyncContent
          data={date ? days.data : []}
          error={days.error}
          onRetry={() => void days.mutate()}
          loadingLabel="Loading itineraries"
          emptyText="No customer has a service on this date"
          isEmpty={(list) => list.length === 0}
        >
          {(list) => (
            <Stack gap="md">
              {list.map((day) => (
                <CustomerDayBlock key={day.kartId} day={day} />
              ))}
            </Stack>
          )}
        </AsyncContent>
      </Stack>
    </DmcPage>
  );
}
