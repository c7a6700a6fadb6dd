import { useEffect, useState } from 'react';
import {
  Accordion,
  Alert,
  Button,
  Container,
  Grid,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { fareQuote, getFareRules, getSSR } from '@tp/contracts/endpoints/flights';
import type { TFareQuote, TFlightOption } from '@tp/contracts/endpoints/flights';
import { ApiError, call } from '#api/client.ts';
import { useApi } from '#api/hooks.ts';
import { usePersisted } from '#lib/storage.ts';
import { useUser } from '#lib/state.ts';
import { formatMoney } from '#shared/format.ts';
import { TestInventoryBadge } from '#shared/TestInventoryBadge.tsx';
import { FareSummary } from './components/FareSummary.tsx';
import { SegmentView } from './components/SegmentView.tsx';
import { flightPaths } from './paths.ts';
import { SearchProblem } from './SearchProblem.tsx';
import { SeatMap } from './SeatMap.tsx';
import { bookingStore, searchCache } from './state.ts';

/**
 * `/flight/review/:searchId?resultIndex=` — booking review (spec 000 §4): fare quote (price-changed
 * alert; a failure goes back to the results), fare rules, extras on offer, then passengers.
 * `/flight/review` alone (where a 402 lands) resumes the booking in progress, else the search page.
 */
export default function ReviewPage() {
  const { searchId } = useParams();
  const resultIndex = useSearchParams()[0].get('resultIndex');
  const booking = usePersisted(bookingStore);
  if (!searchId || !resultIndex) {
    return (
      <Navigate
        replace
        to={booking ? flightPaths.review(booking.searchId, booking.resultIndex) : flightPaths.search()}
      />
    );
  }
  return <Review key={`${searchId}/${resultIndex}`} searchId={searchId} resultIndex={resultIndex} />;
}

/**
 * Whether the quoted fare differs from what the user saw, and the figures to quote. `before` is the price on
 * the card they clicked (the results list shows `publishedPrice`), `after` the same measure now; after a
 * reload the card is gone and the server's previous total is the old price.
 */
export function priceChange(
  quote: TFareQuote,
  clicked: Pick<TFlightOption, 'publishedPrice'> | undefined,
): { changed: boolean; before: number; after: number | null; currency: string } {
  const currency = quote.option.fare.currency;
  if (!clicked) return { changed: quote.isPriceChanged, before: quote.previousTotalPayable, after: null, currency };
  const after = quote.option.publishedPrice;
  return {
    changed: quote.isPriceChanged || clicked.publishedPrice !== after,
    before: clicked.publishedPrice,
    after,
    currency,
  };
}

type QuoteState = { kind: 'loading' } | { kind: 'ready'; quote: TFareQuote } | { kind: 'expired' };

function Review({ searchId, resultIndex }: { searchId: string; resultIndex: string }) {
  const navigate = useNavigate();
  const user = useUser();
  const booking = usePersisted(bookingStore);
  const query = booking?.searchId === searchId ? booking.query : null;
  const [state, setState] = useState<QuoteState>({ kind: 'loading' });
  const [priceAccepted, setPriceAccepted] = useState(false);
  const ref = { searchId, resultIndex };

  useEffect(() => {
    let live = true;
    call(fareQuote, { searchId, resultIndex }).then(
      (quote) => live && setState({ kind: 'ready', quote }),
      (error: unknown) => {
        if (!live) return;
        const status = error instanceof ApiError ? error.status : 0;
        if (status === 404 || status === 410) setState({ kind: 'expired' });
        // Any other fare-quote failure sends the user back to choose again (spec 000 §4).
        else navigate(query ? flightPaths.results(searchId, query) : flightPaths.search(), { replace: true });
      },
    );
    return () => {
      live = false;
    };
  }, [searchId, resultIndex, navigate, query]);

  const ready = state.kind === 'ready';
  const rules = useApi(getFareRules, ready ? ref : null);
  // 'No SSR details' is silenced by the error catalogue: the section just does not show.
  const ssr = useApi(getSSR, ready ? ref : null);

  if (state.kind === 'expired')
    return <SearchProblem title="Search expired" text="This fare is no longer available." query={query} />;
  if (state.kind === 'loading')
    return (
      <Stack align="center" py="xl">
        <Loader aria-label="Checking the fare" />
        <Text c="dimmed">Confirming the fare with the airline…</Text>
      </Stack>
    );

  const { quote } = state;
  const option = quote.option;
  const price = priceChange(
    quote,
    searchCache
      .get(searchId)
      ?.results.flat()
      .find((o) => o.resultIndex === resultIndex),
  );
  const backToResults = () => navigate(query ? flightPaths.results(searchId, query) : flightPaths.search());
  const extras = ssr.data;

  return (
    <Container size="lg" py="md">
      <Modal
        opened={price.changed && !priceAccepted}
        onClose={backToResults}
        title="Price changed"
        closeOnClickOutside={false}
      >
        <Stack>
          <Text>
            The airline changed the fare from <b>{formatMoney(price.before, price.currency)}</b>
            {price.after !== null && (
              <>
                {' '}
                to <b>{formatMoney(price.after, price.currency)}</b>
              </>
            )}
            . The new total payable is <b>{formatMoney(option.fare.totalPayable, price.currency)}</b>.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={backToResults}>
              Back to results
            </Button>
            <Button onClick={() => setPriceAccepted(true)}>Continue</Button>
          </Group>
        </Stack>
      </Modal>
      <Group gap="sm" mb="md" wrap="wrap">
        <Title order={2}>Review your booking</Title>
        <TestInventoryBadge of={option} />
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <Paper withBorder p="md">
              <SegmentView trips={option.segments} />
            </Paper>
            <Accordion variant="contained">
              <Accordion.Item value="rules">
                <Accordion.Control>Fare rules</Accordion.Control>
                <Accordion.Panel>
                  {rules.isLoading && <Loader size="sm" aria-label="Loading fare rules" />}
                  {rules.data?.length === 0 && <Text size="sm">The airline gave no fare rules for this fare.</Text>}
                  {rules.data?.map((r, i) => (
                    <Stack key={i} gap={4} mb="sm">
                      <Text fw={600} size="sm">
                        {r.origin} → {r.destination} ({r.airline})
                      </Text>
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                        {r.fareRuleDetail}
                      </Text>
                    </Stack>
                  ))}
                </Accordion.Panel>
              </Accordion.Item>
              {extras && (
                <Accordion.Item value="extras">
                  <Accordion.Control>Baggage, meals and seats</Accordion.Control>
                  <Accordion.Panel>
                    <Stack gap="xs">
                      <Text size="sm">
                        {extras.baggage.length} baggage option(s), {extras.mealDynamic.length} meal(s)
                        {extras.confirmedOnline ? '' : ' (requests to the airline, confirmed later)'}. Choose them per
                        passenger on the next step.
                      </Text>
                      {extras.seatDynamic.map((s) => (
                        <Stack key={s.segment} gap={4}>
                          <Text size="sm" fw={600}>
                            Seats {s.segment}
                          </Text>
                          <SeatMap rows={s.rows} label={`Seat map ${s.segment}`} />
                        </Stack>
                      ))}
                    </Stack>
                  </Accordion.Panel>
                </Accordion.Item>
              )}
            </Accordion>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md">
            <Stack>
              <FareSummary
                fare={option.fare}
                breakdown={option.fareBreakdown}
                charge={quote.charge}
                showFullBreakdown={user?.userType === 'staff'}
                userType={user?.userType}
              />
              {!option.isRefundable && (
                <Alert color="gray" p="xs">
                  Non-Refundable fare
                </Alert>
              )}
              <Button onClick={() => navigate(flightPaths.passengers(searchId, resultIndex))}>
                Continue to passengers
              </Button>
              <Button variant="subtle" onClick={backToResults}>
                Back to results
              </Button>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
