import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { getActivityCities, getCartData } from '@tp/contracts/endpoints/activities';
import { activitySearchDefaults } from '@tp/domain/activities';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { DISPLAY_TIME_ZONE } from '@tp/domain/format';
import { formatMoney, isoDay } from '#shared/format.ts';
import { ActivitiesPage, CartStatusBadge, searchHref } from './shared.tsx';

/**
 * /activities (spec 001 §2): where to start, by city: each city the DMC sells in opens the search for the
 * default dates and party; the open cart and the queue are one click away.
 */
function LandingScreen() {
  const cities = useApi(getActivityCities, {});
  const cart = useApi(getCartData, {});
  const defaults = activitySearchDefaults(isoDay(new Date(), DISPLAY_TIME_ZONE));
  return (
    <>
      {cart.data && cart.data.items.length > 0 && (
        <Card withBorder padding="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs">
              <CartStatusBadge status={cart.data.status} />
              <Text size="sm">
                Your cart: {cart.data.items.length} activit{cart.data.items.length === 1 ? 'y' : 'ies'},{' '}
                {formatMoney(cart.data.totalPrice, cart.data.currency)}
              </Text>
            </Group>
            <Anchor component={Link} to="/activities/search" size="sm">
              Continue with the cart
            </Anchor>
          </Group>
        </Card>
      )}
      <Title order={2} size="h4">
        Cities
      </Title>
      <AsyncContent
        data={cities.data}
        error={cities.error}
        onRetry={() => void cities.mutate()}
        loadingLabel="Cities"
        emptyText="No activities on sale yet."
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 4 }}
            spacing="md"
            component="ul"
            style={{ listStyle: 'none', padding: 0 }}
          >
            {list.map((c) => (
              <Card component="li" key={c.cityId} withBorder padding="md">
                <Stack gap="xs">
                  <Text fw={700}>{c.cityName}</Text>
                  <Anchor component={Link} to={searchHref({ cityId: c.cityId, ...defaults })}>
                    Activities in {c.cityName}
                  </Anchor>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </AsyncContent>
    </>
  );
}

export default function ActivitiesLandingPage() {
  return (
    <ActivitiesPage
      title="Activities"
      permission="activities.book"
      intro="Tours, attractions and experiences. Choose a city to see what is on and its prices for your travellers."
      actions={
        <Group gap="xs">
          <Button component={Link} to="/activities/queue" variant="default">
            My carts
          </Button>
        </Group>
      }
    >
      <LandingScreen />
    </ActivitiesPage>
  );
}
