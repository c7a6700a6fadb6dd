import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Avatar, Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { getMyLegalEntity } from '@tp/contracts/endpoints/customers';
import * as MSG from '@tp/contracts/messages';
import type { TPhoneEntry, TUser } from '@tp/contracts/endpoints/users';
import { hasValidCountryCode, phoneCountries } from '@tp/domain/phone';
import { useApi } from '#api/hooks.ts';
import { USER_TYPE_LABEL } from '#shared/format.ts';
import { useCurrentRoute } from '#shared/route-context.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { formatDate } from '#shared/format.ts';
import { PageLoader } from '#shared/PageLoader.tsx';
import { useUser } from '#lib/state.ts';
import { PROFILE_LINKS } from './profile-links.ts';

const PhoneNumbersDialog = lazy(() => import('./PhoneNumbersDialog.tsx'));
const ChangePasswordDialog = lazy(() =>
  import('#features/auth/index.ts').then((m) => ({ default: m.ChangePasswordDialog })),
);

const NotificationPreferences = lazy(() =>
  import('#features/push/index.ts').then((m) => ({ default: m.NotificationPreferences })),
);

const DIAL = new Map(phoneCountries().map((c) => [c.code, c.dial_code]));
const phoneText = (p: TPhoneEntry) =>
  hasValidCountryCode(p.phoneCountryCode)
    ? `${DIAL.get(p.phoneCountryCode.toLowerCase()) ?? ''} ${p.phoneNumber}`.trim()
    : `${p.phoneNumber} (no country code)`;

/** A label and its value; the value wraps on small screens. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function Panel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'sm', xs: 'lg' }} component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function LegalEntity({ user }: { user: TUser }) {
  const le = useApi(getMyLegalEntity, {});
  return (
    <Panel title="Legal entity">
      <AsyncContent
        data={le.data}
        error={le.error}
        onRetry={() => void le.mutate()}
        loadingLabel="Loading legal entity"
      >
        {(e) => (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Fact label="Name">
              {e.name} ({e.kind === 'company' ? 'Company' : 'Individual'})
            </Fact>
            <Fact label="Customer group">
              {e.group ? (
                <Group gap={6}>
                  {e.group.groupName}
                  {e.group.isDefault && (
                    <Badge size="xs" variant="light">
                      Default
                    </Badge>
                  )}
                </Group>
              ) : (
                MSG.defaultGroupApplicable
              )}
            </Fact>
            {e.address && (
              <Fact label="Address">
                {[
                  e.address.address1,
                  e.address.address2,
                  e.address.city,
                  e.address.state,
                  e.address.pincode,
                  e.address.country,
                ]
                  .filter(Boolean)
                  .join(', ')}
              </Fact>
            )}
            {(user.userType === 'travelAgent' || user.userType === 'corporate') && (
              <Fact label="TDS on commission">{e.tds.isTdsDeductable ? 'Deducted' : 'Not deducted'}</Fact>
            )}
          </SimpleGrid>
        )}
      </AsyncContent>
    </Panel>
  );
}

/** /user/dashboard (My Profile) and /user/dashboard/userProfile: the signed-in user's own account. */
export default function ProfilePage() {
  const user = useUser();
  const route = useCurrentRoute();
  const [dialog, setDialog] = useState<'phones' | 'password' | null>(null);
  if (!user) return <PageLoader />;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const verified = user.status === 'verified';
  const company = user.company?.companyName || user.companyName;

  return (
    <Stack gap="lg" maw={900}>
      <Title order={1} size="h2">
        {route?.title ?? 'My Profile'}
      </Title>

      <Paper withBorder p={{ base: 'sm', xs: 'lg' }}>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar color="brand" radius="xl" size="lg" visibleFrom="xs">
            {`${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase() || '?'}
          </Avatar>
          <Stack gap={6} miw={0} style={{ flex: 1 }}>
            <Text fw={700} size="lg">
              {name}
            </Text>
            <Group gap="xs">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Text>
              <Badge color={verified ? 'green' : 'orange'} variant="light">
                {verified ? 'Verified' : 'Not Verified'}
              </Badge>
            </Group>
            <Group gap="xs">
              <Badge variant="light" color="accent">
                {USER_TYPE_LABEL[user.userType]}
              </Badge>
              <Text size="xs" c="dimmed">
                Member since {formatDate(user.createdAt)}
              </Text>
            </Group>
          </Stack>
        </Group>
        <Group gap="xs" mt="md">
          <Button variant="default" size="sm" onClick={() => setDialog('password')}>
            Change Password
          </Button>
        </Group>
      </Paper>

      {(user.userType === 'travelAgent' || user.userType === 'corporate') && company && (
        <Panel title="Company">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Fact label="Company name">{company}</Fact>
            {user.company?.address1 && (
              <Fact label="Address">{[user.company.address1, user.company.address2].filter(Boolean).join(', ')}</Fact>
            )}
          </SimpleGrid>
        </Panel>
      )}

      <Panel
        title="Phone numbers"
        action={
          <Button variant="light" size="xs" onClick={() => setDialog('phones')}>
            Edit phone numbers
          </Button>
        }
      >
        {user.phoneNumbers.length ? (
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            {user.phoneNumbers.map((p) => (
              <Fact key={p.label} label={p.label}>
                {phoneText(p)}
              </Fact>
            ))}
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            No phone number yet.
          </Text>
        )}
      </Panel>

      <LegalEntity user={user} />

      <Suspense fallback={<PageLoader />}>
        <NotificationPreferences />
      </Suspense>

      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm" component="nav" aria-label="Quick links">
        {PROFILE_LINKS.map((l) => (
          <Card key={l.to} component={Link} to={l.to} withBorder padding="md" ta="center">
            <Text fw={600}>{l.label}</Text>
            <Text size="xs" c="dimmed">
              {l.hint}
            </Text>
          </Card>
        ))}
      </SimpleGrid>

      <Suspense fallback={null}>
        {dialog === 'phones' && <PhoneNumbersDialog user={user} onClose={() => setDialog(null)} />}
        {dialog === 'password' && <ChangePasswordDialog onClose={() => setDialog(null)} />}
      </Suspense>
    </Stack>
  );
}
