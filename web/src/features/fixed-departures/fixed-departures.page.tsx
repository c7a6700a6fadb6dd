import { useState } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { searchFixedDepartures, type TFdOffer } from '@tp/contracts/endpoints/fixed-departures';
import * as MSG from '@tp/contracts/messages';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { CityAutocomplete, type CityChoice } from '#shared/city-autocomplete/CityAutocomplete.tsx';
import { DateField } from '#shared/DateField.tsx';
import { formatDate, formatMoney, isoDay } from '#shared/format.ts';
import { usePermission } from '#shared/usePermission.ts';
import { CursorPager, useCursorPages } from '#shared/cursor-pages.tsx';
import { BookDialog } from './BookDialog.tsx';
import { FlightLines, routeLabel } from './FlightLines.tsx';

interface Filters {
  origin: CityChoice | null;
  destination: CityChoice | null;
  fromDate: string;
}

function OfferCard({ offer, onBook, canBook }: { offer: TFdOffer; onBook: () => void; canBook: boolean }) {
  const money = (n: number) => formatMoney(n, offer.currency);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={offer.title || routeLabel(offer.flights)}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Title order={2} size="h4">
              {offer.title || routeLabel(offer.flights)}
            </Title>
            <Text size="sm" c="dimmed">
              {routeLabel(offer.flights)} · {formatDate(offer.flights[0]?.departureTime)}
            </Text>
          </Stack>
          <Group gap={6}>
            <Badge color={offer.seatsLeft <= 5 ? 'red' : 'green'} variant="light">
              {offer.seatsLeft} seats left
            </Badge>
            <Badge color={offer.isRefundable ? 'green' : 'gray'} variant="light">
              {offer.isRefundable ? 'Refundable' : 'Non-refundable'}
            </Badge>
          </Group>
        </Group>
        <FlightLines flights={offer.flights} />
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Stack gap={0}>
            <Text fw={700} size="lg">
              {money(offer.prices.adult)}{' '}
              <Text span size="sm" fw={400}>
                per adult
              </Text>
            </Text>
            <Text size="sm" c="dimmed">
              Child {money(offer.prices.child)} · Infant {money(offer.prices.infant)} · book by{' '}
              {formatDate(offer.saleUntil)}
            </Text>
          </Stack>
          {canBook && <Button onClick={onBook}>Book</Button>}
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * /fixed-departures (spec 000 §2): group seats on sale to this user, from this site and from supplier sites
 * linked with the FixedDeparture category, priced by the server with the user's group markup; Book opens
 * the booking (passengers, then the wallet or the gateway).
 */
export default function FixedDeparturesPage() {
  const [draft, setDraft] = useState<Filters>({ origin: null, destination: null, fromDate: '' });
  const [filters, setFilters] = useState<Filters>(draft);
  const canBook = usePermission('fixedDepartures.book');
  const query = {
    ...(filters.origin ? { origin: filters.origin.value } : {}),
    ...(filters.destination ? { destination: filters.destination.value } : {}),
    ...(filters.fromDate ? { fromDate: filters.fromDate } : {}),
  };
  const offers = useCursorPages(searchFixedDepartures, query);
  const [booking, setBooking] = useState<TFdOffer | null>(null);

  return (
    <Stack gap="md" component="section" aria-labelledby="fd-title">
      <Stack gap={4}>
        <Title order={1} size="h2" id="fd-title">
          Fixed departures
        </Title>
        <Text c="dimmed" size="sm">
          Group fares with confirmed seats. Prices include taxes and charges.
        </Text>
      </Stack>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setFilters(draft);
        }}
        aria-label="Find fixed departures"
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" style={{ alignItems: 'end' }}>
          <CityAutocomplete
            label="From"
            value={draft.origin}
            onChange={(v) => setDraft((d) => ({ ...d, origin: v }))}
          />
          <CityAutocomplete
            label="To"
            value={draft.destination}
            onChange={(v) => setDraft((d) => ({ ...d, destination: v }))}
          />
          <DateField
            label="Departing from"
            clearable
            minDate={isoDay(new Date())}
            value={draft.fromDate}
            onChange={(v) => setDraft((d) => ({ ...d, fromDate: v }))}
          />
          <Group gap="xs">
            <Button type="submit">Search</Button>
            <Button
              variant="default"
              onClick={() => {
                const none = { origin: null, destination: null, fromDate: '' };
                setDraft(none);
                setFilters(none);
              }}
            >
              Clear
            </Button>
          </Group>
        </SimpleGrid>
      </form>
      <AsyncContent
        data={offers.data}
        error={offers.error}
        onRetry={() => void offers.mutate()}
        loadingLabel="Loading fixed departures"
        emptyText={MSG.noResults}
        isEmpty={(p) => p.records.length === 0}
      >
        {(page) => (
          <Stack gap="sm">
            {page.records.map((o) => (
              <OfferCard
                key={`${o.supplierSiteId ?? ''}:${o.id}`}
                offer={o}
                canBook={canBook}
                onBook={() => setBooking(o)}
              />
            ))}
            <CursorPager pages={offers} />
          </Stack>
        )}
      </AsyncContent>
      {booking && <BookDialog offer={booking} onClose={() => setBooking(null)} />}
    </Stack>
  );
}
