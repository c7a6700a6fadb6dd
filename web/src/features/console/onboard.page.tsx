import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Checkbox,
  ColorInput,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import {
  CONSOLE_MSG,
  GATEWAY_MODES,
  SOLD_MODULE_LABELS,
  SOLD_MODULES,
  SUPPLIER_MODES,
  listResellers,
  onboardReseller,
  type GatewayMode,
  type SoldModule,
  type SupplierMode,
} from '@tp/contracts/endpoints/console';
import { GST_STATES } from '@tp/domain/gst';
import { useEndpointForm } from '#shared/form.ts';
import { ConsolePage, resellerPath } from './shared.tsx';

const MAX_DOMAINS = 5;

const SUPPLIER_LABELS: Record<SupplierMode, [label: string, help: string]> = {
  none: ['Not yet', 'Flights show as not yet available until staff configure a supplier'],
  tbo: ['TBO', "The reseller's own account: its staff enter the credentials in flight settings"],
  simulator: ['Simulator', 'Invented seats for testing: refused on production'],
};
const GATEWAY_LABELS: Record<GatewayMode, [label: string, help: string]> = {
  none: ['Not yet', 'Only wallet payments until staff configure a gateway'],
  phonepe: ['PhonePe', 'Staff enter the merchant credentials in the payment settings'],
  sandbox: ['Sandbox', 'A test gateway that takes no money: refused on production'],
};
const STATE_OPTIONS = GST_STATES.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));

const INITIAL = {
  companyName: '',
  domains: [''],
  legalEntity: { legalName: '', gstin: '', state: '', pan: '', address: '' },
  adminContact: '',
  adminEmail: '',
  modules: ['flights'] as SoldModule[],
  supplierMode: 'none' as SupplierMode,
  gatewayMode: 'none' as GatewayMode,
  branding: { primary: '#1c64f2', secondary: '#f59e0b' },
};

/** A key per visit of the form: every submit of this form (a double click, a retry) is one reseller at most. */
const newKey = (): string => crypto.randomUUID();

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'sm', xs: 'md' }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * /console/resellers/new: onboard a reseller in one step (its site, default customer group, markups and policy
 * pages), checked field by field with the contract's rules before it is sent; a success opens its page.
 */
export default function OnboardPage() {
  const navigate = useNavigate();
  const [idempotencyKey] = useState(newKey);
  const { form, submit, busy } = useEndpointForm({
    endpoint: onboardReseller,
    initialValues: INITIAL,
    toRequest: (values) => ({ ...values, idempotencyKey }),
    success: (reseller) => CONSOLE_MSG.onboarded(reseller.companyName),
    revalidate: [listResellers],
    onSuccess: (reseller) => navigate(resellerPath(reseller.siteId)),
  });
  const domains = form.values.domains;

  return (
    <ConsolePage
      title="Onboard a reseller"
      intro="Creates the reseller's site with its default customer group, markups and policy pages. Its first super admin is invited from its page next."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={960}>
          <Section title="Company and domains">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="Company name"
                required
                autoComplete="organization"
                {...form.getInputProps('companyName')}
              />
              <TextInput
                label="Support email"
                description="The reseller's public address for its customers"
                type="email"
                required
                {...form.getInputProps('adminEmail')}
              />
              <TextInput label="Support phone" type="tel" required {...form.getInputProps('adminContact')} />
            </SimpleGrid>
            <Stack gap="xs">
              {domains.map((_, i) => (
                <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    label={i === 0 ? 'Main domain' : `Domain ${i + 1}`}
                    description={i === 0 ? 'e.g. acme.localhost locally, travels.example.com deployed' : undefined}
                    placeholder="travels.example.com"
                    required={i === 0}
                    autoCapitalize="none"
                    spellCheck={false}
                    {...form.getInputProps(`domains.${i}`)}
                  />
                  {i > 0 && (
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={`Remove domain ${i + 1}`}
                      onClick={() => form.removeListItem('domains', i)}
                    >
                      ×
                    </ActionIcon>
                  )}
                </Group>
              ))}
              {domains.length < MAX_DOMAINS && (
                <Group>
                  <Button variant="subtle" size="xs" onClick={() => form.insertListItem('domains', '')}>
                    Add another domain
                  </Button>
                </Group>
              )}
            </Stack>
          </Section>

          <Section title="Legal entity">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Legal name" required {...form.getInputProps('legalEntity.legalName')} />
              <Select
                label="State of registration"
                required
                searchable
                data={STATE_OPTIONS}
                {...form.getInputProps('legalEntity.state')}
              />
              <TextInput
                label="GSTIN"
                required
                autoCapitalize="characters"
                spellCheck={false}
                {...form.getInputProps('legalEntity.gstin')}
              />
              <TextInput
                label="PAN"
                required
                autoCapitalize="characters"
                spellCheck={false}
                {...form.getInputProps('legalEntity.pan')}
              />
            </SimpleGrid>
            <Textarea label="Registered address" minRows={2} {...form.getInputProps('legalEntity.address')} />
          </Section>

          <Section title="What it sells">
            <Checkbox.Group label="Modules" required {...form.getInputProps('modules')}>
              <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" mt="xs">
                {SOLD_MODULES.map((m) => (
                  <Checkbox key={m} value={m} label={SOLD_MODULE_LABELS[m]} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Radio.Group label="Flight supplier" required {...form.getInputProps('supplierMode')}>
                <Stack gap="xs" mt="xs">
                  {SUPPLIER_MODES.map((m) => (
                    <Radio key={m} value={m} label={SUPPLIER_LABELS[m][0]} description={SUPPLIER_LABELS[m][1]} />
                  ))}
                </Stack>
              </Radio.Group>
              <Radio.Group label="Payment gateway" required {...form.getInputProps('gatewayMode')}>
                <Stack gap="xs" mt="xs">
                  {GATEWAY_MODES.map((m) => (
                    <Radio key={m} value={m} label={GATEWAY_LABELS[m][0]} description={GATEWAY_LABELS[m][1]} />
                  ))}
                </Stack>
              </Radio.Group>
            </SimpleGrid>
          </Section>

          <Section title="Branding">
            <Text size="sm" c="dimmed">
              The site&apos;s colours until its staff change them in the site settings; its name is the company name.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <ColorInput
                label="Primary colour"
                required
                withEyeDropper={false}
                {...form.getInputProps('branding.primary')}
              />
              <ColorInput
                label="Secondary colour"
                required
                withEyeDropper={false}
                {...form.getInputProps('branding.secondary')}
              />
            </SimpleGrid>
          </Section>

          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              Onboard reseller
            </Button>
          </Group>
        </Stack>
      </form>
    </ConsolePage>
  );
}
