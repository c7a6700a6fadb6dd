import { Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { useLocation } from 'react-router-dom';
import { getPolicyPage, POLICY_PAGES, type PolicyPage } from '@tp/contracts/endpoints/site';
import { useApi } from '#api/hooks.ts';
import { useCurrentRoute } from '#shared/route-context.ts';
import { formatDate } from '#shared/format.ts';
import { PageLoader } from '#shared/PageLoader.tsx';
import SafeHtml from '#shared/SafeHtml.tsx';

/** One screen for the four policy routes; the route path names the page. */
export default function PolicyPageScreen() {
  const { pathname } = useLocation();
  const route = useCurrentRoute();
  const name = pathname.replace(/^\/+|\/+$/g, '');
  const page = (POLICY_PAGES as readonly string[]).includes(name) ? (name as PolicyPage) : null;
  const { data, error, isLoading } = useApi(getPolicyPage, page ? { page } : null);
  const title = data?.title || route?.title || '';
  // Policy html often opens with its own heading; then our h1 stays for screen readers only.
  const htmlHasHeading = !!data && /^\s*<h[1-3][\s>]/i.test(data.html);
  const heading = (
    <Title order={1} size="h2" mb="md">
      {title}
    </Title>
  );
  return (
    <Paper withBorder p={{ base: 'md', xs: 'xl' }} maw={900} mx="auto">
      {htmlHasHeading ? <VisuallyHidden>{heading}</VisuallyHidden> : heading}
      {isLoading && <PageLoader />}
      {error && <Text c="dimmed">This page could not be loaded. Please try again later.</Text>}
      {data && <SafeHtml html={data.html} />}
      {data?.updatedAt && (
        <Text c="dimmed" size="sm" mt="lg">
          Last updated {formatDate(data.updatedAt)}
        </Text>
      )}
    </Paper>
  );
}
