import { Alert, Anchor, Box, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { dismissNews, getMyNews } from '@tp/contracts/endpoints/notifications';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { formatDateTime } from '#shared/format.ts';

/**
 * The app shell's news banner for customers: what happened lately to their activity carts and quotations
 * (confirmed, rejected, vouchered, cancelled, refunded), each until dismissed. Loaded lazily by the shell, quiet on
 * failure and when there is nothing to tell.
 */
export default function NewsBanner() {
  const news = useApi(getMyNews, {}, { call: { handling: 'none' } });
  const dismiss = useAction(dismissNews, { revalidate: [getMyNews] });
  const items = news.data?.news ?? [];
  if (!items.length) return null;
  return (
    <Box mb="md" component="section" aria-label="News">
      <Stack gap="xs">
        {items.map((n) => (
          <Alert
            key={n.id}
            color="blue"
            variant="light"
            title={n.title}
            withCloseButton
            closeButtonLabel={`Dismiss: ${n.title}`}
            onClose={() => {
              void news.mutate((d) => d && { news: d.news.filter((x) => x.id !== n.id) }, { revalidate: false });
              void dismiss.run({ id: n.id });
            }}
          >
            <Text size="sm">
              {n.body}{' '}
              {/* The alert's own text colour: the brand colour on its tinted background can fall under 4.5:1. */}
              <Anchor component={Link} to={n.path} size="sm" c="inherit" fw={600} underline="always">
                Open
              </Anchor>
            </Text>
            <Text size="xs" c="gray.7">
              {formatDateTime(n.at)}
            </Text>
          </Alert>
        ))}
      </Stack>
    </Box>
  );
}
