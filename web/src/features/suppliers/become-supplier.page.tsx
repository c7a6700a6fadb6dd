import { Anchor, Button, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { getWebsiteOwnSuppliers } from '@tp/contracts/endpoints/suppliers';
import { useApi } from '#api/hooks.ts';
import { brandName, useSite } from '#shared/site.tsx';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { useUser } from '#lib/state.ts';
import { ConsumersList } from './ConsumersList.tsx';
import { IncomingRequests } from './IncomingRequests.tsx';
import { LINK_SUPPLIER_PATH, SUPPLIER_TEXT } from './links.ts';
import { SupplierProfileForm } from './SupplierProfileForm.tsx';

const TABS = ['profile', 'requests', 'consumers'] as const;
type Tab = (typeof TABS)[number];

/**
 * The route is login-guarded (spec 000 §2), but supplier settings belong to the site: a signed-in
 * customer or agent gets an explanation and the site's contact instead of a 403 redirect, since
 * they followed a link meant for someone else rather than tried something forbidden.
 */
function StaffOnly() {
  const site = useSite();
  return (
    <Paper withBorder p="lg" maw={560}>
      <Stack gap="sm">
        <Text>{SUPPLIER_TEXT.staffOnly}</Text>
        <Text size="sm" c="dimmed">
          If your business wants to sell through {brandName(site)} or buy its inventory for your own site, please
          contact the site
          {site?.adminEmail ? (
            <>
              {' '}
              at <Anchor href={`mailto:${site.adminEmail}`}>{site.adminEmail}</Anchor>
            </>
          ) : null}
          .
        </Text>
        <Button component={Link} to="/user/dashboard" variant="light" style={{ alignSelf: 'flex-start' }}>
          Go to My Profile
        </Button>
      </Stack>
    </Paper>
  );
}

function SupplierSettings() {
  const own = useApi(getWebsiteOwnSuppliers, {});
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'profile';
  const select = (next: string | null) => {
    const params = new URLSearchParams(search);
    if (!next || next === 'profile') params.delete('tab');
    else params.set('tab', next);
    setSearch(params, { replace: true });
  };

  return (
    <AsyncContent
      data={own.data}
      error={own.error}
      onRetry={() => void own.mutate()}
      loadingLabel="Loading your supplier profile"
    >
      {(profile) => (
        <Tabs value={profile.isSupplier ? tab : 'profile'} onChange={select} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="profile">Supplier profile</Tabs.Tab>
            <Tabs.Tab value="requests" disabled={!profile.isSupplier}>
              Customer requests
            </Tabs.Tab>
            <Tabs.Tab value="consumers" disabled={!profile.isSupplier}>
              Consumers
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="profile">
            <Stack gap="sm">
              {!profile.isSupplier && (
                <Text size="sm" c="dimmed">
                  Choose at least one category and publish your terms to receive requests from other sites.
                </Text>
              )}
              <SupplierProfileForm
                profile={profile}
                onSaved={(saved) => void own.mutate(saved, { revalidate: false })}
              />
              <Text size="sm">
                Buying from other suppliers instead? Go to{' '}
                <Anchor component={Link} to={LINK_SUPPLIER_PATH}>
                  Link Supplier
                </Anchor>
                .
              </Text>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="requests">
            <IncomingRequests />
          </Tabs.Panel>
          <Tabs.Panel value="consumers">
            <ConsumersList />
          </Tabs.Panel>
        </Tabs>
      )}
    </AsyncContent>
  );
}

/** /user/supplier/becomeSupplier: the supplier side (profile, incoming requests, consumers). */
export default function BecomeSupplierPage() {
  const user = useUser();
  return (
    <Stack gap="lg" maw={1000}>
      <Title order={1} size="h2">
        Become a supplier
      </Title>
      {user?.userType === 'staff' ? <SupplierSettings /> : <StaffOnly />}
    </Stack>
  );
}
