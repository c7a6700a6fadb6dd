import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { urlPath, type RequestOf } from '@tp/contracts/endpoint';
import {
  getFlightSettings,
  saveFlightSettings,
  testFlightSupply,
  type TFlightSettingsView,
  type TPaymentGatewayInput,
  type TSupplyInput,
} from '@tp/contracts/endpoints/flight-admin';
import { SUPPLY_MSG } from '@tp/contracts/endpoints/flights';
import { getActiveGateway } from '@tp/contracts/endpoints/wallet';
import { duffelWebhook } from '@tp/contracts/endpoints/disruptions';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { formatDateTime, formatMoney } from '#shared/format.ts';
import { toastError, toastSuccess } from '#lib/notify.ts';

/**
 * What staff type, shaped as the request (`supply.…`, `payment.…`, `lookToBook.…`) so the contract's and
 * the server's field paths are the form's own; each choice keeps the fields of its other branches.
 */
interface Values {
  supply: {
    kind: TSupplyInput['kind'];
    latencyMs: number | string;
    failureRate: number | string;
    baseUrl: string;
    clientId: string;
    userName: string;
    password: string;
    accessToken: string;
    webhookSecret: string;
  };
  payment: {
    kind: TPaymentGatewayInput['kind'];
    clientId: string;
    clientSecret: string;
    clientVersion: number | string;
    env: 'SANDBOX' | 'PRODUCTION';
    callbackUsername: string;
    callbackPassword: string;
  };
  lookToBook: { ratio: number | string; freeLooks: number | string };
  holdsOffered: boolean;
}

function valuesOf(v: TFlightSettingsView): Values {
  const s = v.supply;
  return {
    supply: {
      kind: s.kind,
      latencyMs: s.kind === 'simulator' ? (s.latencyMs ?? '') : '',
      failureRate: s.kind === 'simulator' ? (s.failureRate ?? '') : '',
      baseUrl: s.kind === 'simulator' ? '' : s.baseUrl,
      // Secrets are write-only: the fields start blank and blank keeps what is stored.
      clientId: '',
      userName: '',
      password: '',
      accessToken: '',
      webhookSecret: '',
    },
    payment: {
      kind: v.payment.active ?? 'none',
      clientId: '',
      clientSecret: '',
      clientVersion: v.payment.phonepe?.clientVersion ?? 1,
      env: v.payment.phonepe?.env ?? 'PRODUCTION',
      callbackUsername: '',
      callbackPassword: '',
    },
    lookToBook: { ratio: v.lookToBook.ratio, freeLooks: v.lookToBook.freeLooks },
    holdsOffered: v.holdsOffered,
  };
}

/** A NumberInput's value for the contract: emptied ('') is missing ("Required"), not the 0 coercion reads. */
const num = (v: number | string) => (v === '' ? undefined : Number(v));

function paymentOf(p: Values['payment']): TPaymentGatewayInput {
  if (p.kind !== 'phonepe') return { kind: p.kind };
  return { ...p, kind: 'phonepe', clientVersion: num(p.clientVersion) as number };
}

function supplyOf(s: Values['supply']): TSupplyInput {
  if (s.kind === 'simulator')
    return { kind: 'simulator', latencyMs: num(s.latencyMs), failureRate: num(s.failureRate) } as TSupplyInput;
  if (s.kind === 'duffel')
    return { kind: 'duffel', baseUrl: s.baseUrl.trim(), accessToken: s.accessToken, webhookSecret: s.webhookSecret };
  return { kind: 'tbo', baseUrl: s.baseUrl.trim(), clientId: s.clientId, userName: s.userName, password: s.password };
}

/**
 * Whether the form's supply is sent: not where a supplier site serves this site, nor where "None" is chosen
 * on a stage that refuses the simulator (the site keeps no supply; the rest of the settings still save).
 */
const sendsSupply = (v: Values, view: TFlightSettingsView) =>
  !view.suppliedBy && (view.simulatorAllowed || v.supply.kind !== 'simulator');

/** The save request: the one the contract's schema checks on the form and the one sent. */
const request = (v: Values, view: TFlightSettingsView): RequestOf<typeof saveFlightSettings> => ({
  ...(sendsSupply(v, view) ? { supply: supplyOf(v.supply) } : {}),
  payment: paymentOf(v.payment),
  lookToBook: { ratio: num(v.lookToBook.ratio) as number, freeLooks: num(v.lookToBook.freeLooks) as number },
  holdsOffered: v.holdsOffered,
});

type Form = UseFormReturnType<Values>;

/** "Stored (…abcd)" / "Not set": what staff may know about a write-only secret. */
/** Where Duffel posts this site's events: the webhook URL staff register on Duffel's dashboard. */
const duffelWebhookUrl = () => `${window.location.origin}${urlPath(duffelWebhook)}`;

const secretHint = (set: boolean | undefined, last4?: string | null) =>
  set ? `Stored${last4 ? ` (…${last4})` : ''}; leave blank to keep it` : 'Not set yet';

/** /staff/flightSettings: where this site's flights come from, its look-to-book policy and holds. */
export default function FlightSettingsPage() {
  const settings = useApi(getFlightSettings, {});
  return (
    <Stack gap="md" maw={640}>
      <Title order={1} size="h2">
        Flight Settings
      </Title>
      <AsyncContent
        data={settings.data}
        error={settings.error}
        onRetry={() => void settings.mutate()}
        loadingLabel="Loading flight settings"
      >
        {(v) => (
          <SettingsForm
            key={JSON.stringify(v)}
            view={v}
            onSaved={(next) => void settings.mutate(next, { revalidate: false })}
          />
        )}
      </AsyncContent>
    </Stack>
  );
}

function SettingsForm({ view, onSaved }: { view: TFlightSettingsView; onSaved: (v: TFlightSettingsView) => void }) {
  const supplied = view.suppliedBy;
  const form: Form = useForm<Values>({
    initialValues: valuesOf(view),
    validate: (values) => schemaResolver(saveFlightSettings.request, { sync: true })(request(values, view)),
  });
  const [testResult, setTestResult] = useState<{ ok: boolean; message: string; balance: string | null } | null>(null);
  const tbo = view.supply.kind === 'tbo' ? view.supply : null;
  const duffel = view.supply.kind === 'duffel' ? view.supply : null;
  const { supply } = form.getValues();

  const saving = useAction(saveFlightSettings, {
    success: 'Flight settings saved',
    form,
    onSuccess: onSaved,
    // The staff header's "Sandbox payments" badge follows the new gateway.
    revalidate: [getActiveGateway],
  });
  const testing = useAction(testFlightSupply, {
    onSuccess: (r) => {
      setTestResult({
        ok: r.ok,
        message: r.message,
        balance: r.agencyBalance ? formatMoney(r.agencyBalance.amount, r.agencyBalance.currency) : null,
      });
      (r.ok ? toastSuccess : toastError)(r.message);
    },
  });

  const submit = form.onSubmit((values) => void saving.run(request(values, view)));
  const test = () => {
    setTestResult(null);
    const values = form.getValues();
    return testing.run(sendsSupply(values, view) ? { supply: supplyOf(values.supply) } : {});
  };
  // The stage refuses the simulator and no supplier serves the site: flights are refused until one is set up.
  const noSupply = !supplied && !view.simulatorAllowed && view.supply.kind === 'simulator';

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Supply source
            </Title>
            {noSupply && (
              <Alert color="orange" title="No flight supplier">
                {SUPPLY_MSG.unavailableStaff}
              </Alert>
            )}
            {supplied ? (
              <Alert color="blue" title={`Supplied by ${supplied.name}`}>
                This site&apos;s flights come from its approved supplier {supplied.name}. The supply source is managed
                by the supplier and cannot be changed here.
              </Alert>
            ) : (
              <>
                <SegmentedControl
                  aria-label="Supply source"
                  value={supply.kind}
                  onChange={(v) => form.setFieldValue('supply.kind', v as Values['supply']['kind'])}
                  data={[
                    // Where the stage refuses the simulator, this choice is "no supply" and sends nothing.
                    { value: 'simulator', label: view.simulatorAllowed ? 'Simulator' : 'None' },
                    { value: 'tbo', label: 'TBO-style API' },
                    { value: 'duffel', label: 'Duffel' },
                  ]}
                />
                {/* The simulator's knobs only where the stage lets it serve ("None" has nothing to set). */}
                {supply.kind === 'simulator' ? (
                  view.simulatorAllowed && (
                    <Group grow wrap="wrap">
                      <NumberInput
                        label="Latency (ms)"
                        description="Added to every supplier call"
                        min={0}
                        max={120000}
                        clampBehavior="none"
                        {...form.getInputProps('supply.latencyMs')}
                      />
                      <NumberInput
                        label="Failure rate (0–1)"
                        description="Share of calls that fail"
                        min={0}
                        max={1}
                        step={0.05}
                        decimalScale={2}
                        clampBehavior="none"
                        {...form.getInputProps('supply.failureRate')}
                      />
                    </Group>
                  )
                ) : supply.kind === 'duffel' ? (
                  <Stack gap="sm">
                    <TextInput
                      label="API base URL"
                      placeholder="https://api.duffel.com"
                      required
                      {...form.getInputProps('supply.baseUrl')}
                    />
                    <PasswordInput
                      label="Access token"
                      autoComplete="new-password"
                      description={secretHint(duffel?.accessTokenSet)}
                      {...form.getInputProps('supply.accessToken')}
                    />
                    <PasswordInput
                      label="Webhook secret"
                      autoComplete="new-password"
                      // The URL is one long word: it wraps anywhere rather than widening a 390 px screen.
                      styles={{ description: { overflowWrap: 'anywhere' } }}
                      description={`${secretHint(duffel?.webhookSecretSet)}. Schedule changes arrive at ${duffelWebhookUrl()} (register it on Duffel's dashboard).`}
                      {...form.getInputProps('supply.webhookSecret')}
                    />
                    {duffel?.testMode && (
                      <Text size="sm" c="dimmed">
                        Test mode: bookings go to Duffel&apos;s test airline, not real tickets.
                      </Text>
                    )}
                    <Text size="sm" c="dimmed">
                      Duffel has no fare calendar and cancels whole bookings only (a partial cancellation is offered as
                      a full one).
                    </Text>
                  </Stack>
                ) : (
                  <Stack gap="sm">
                    <TextInput
                      label="API base URL"
                      placeholder="https://api.example.com"
                      required
                      {...form.getInputProps('supply.baseUrl')}
                    />
                    <TextInput
                      label="Client id"
                      autoComplete="off"
                      description={secretHint(tbo?.clientIdSet)}
                      {...form.getInputProps('supply.clientId')}
                    />
                    <TextInput
                      label="User name"
                      autoComplete="off"
                      description={secretHint(tbo?.userNameSet, tbo?.userNameLast4)}
                      {...form.getInputProps('supply.userName')}
                    />
                    <PasswordInput
                      label="Password"
                      autoComplete="new-password"
                      description={secretHint(tbo?.passwordSet)}
                      {...form.getInputProps('supply.password')}
                    />
                  </Stack>
                )}
              </>
            )}
            <Group gap="sm" wrap="wrap">
              <Button variant="default" onClick={() => void test()} loading={testing.busy}>
                Test connection
              </Button>
              {testResult && (
                <Text size="sm" c={testResult.ok ? 'teal' : 'red'} role="status">
                  {testResult.message}
                  {testResult.balance && ` · Agency balance ${testResult.balance}`}
                </Text>
              )}
            </Group>
          </Stack>
        </Paper>

        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Look-to-book
            </Title>
            <Text size="sm" c="dimmed">
              A customer may search this month while searches stay within free searches + searches per booking ×
              bookings. Exempted customers are never limited.
            </Text>
            <Group grow wrap="wrap">
              <NumberInput
                label="Free searches"
                min={0}
                clampBehavior="none"
                required
                {...form.getInputProps('lookToBook.freeLooks')}
              />
              <NumberInput
                label="Searches per booking"
                min={1}
                clampBehavior="none"
                required
                {...form.getInputProps('lookToBook.ratio')}
              />
            </Group>
          </Stack>
        </Paper>

        <PaymentGatewaySection view={view.payment} form={form} />

        <Paper withBorder p="md">
          <Switch
            label="Offer holds (book now, ticket later) on GDS fares"
            description="When off, nobody on this site can hold a booking."
            {...form.getInputProps('holdsOffered', { type: 'checkbox' })}
          />
        </Paper>

        <Group justify="space-between" wrap="wrap">
          <Text size="xs" c="dimmed">
            {view.updatedAt
              ? `Supply last saved ${formatDateTime(view.updatedAt)}`
              : `Supply never saved (${view.simulatorAllowed ? 'simulator' : 'none'})`}
          </Text>
          <Button type="submit" loading={saving.busy}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The site's payment gateway; the sandbox choices appear only where the stage allows sandbox payments. */
function PaymentGatewaySection({ view, form }: { view: TFlightSettingsView['payment']; form: Form }) {
  const pp = view.phonepe;
  const payment = form.getValues().payment;
  const kindError = form.errors['payment.kind'];
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Payment gateway
        </Title>
        {!view.sandboxAllowed && (
          <Text size="sm" c="dimmed">
            This stage takes real payments only: the sandbox gateway is not offered.
          </Text>
        )}
        <SegmentedControl
          aria-label="Payment gateway"
          fullWidth
          value={payment.kind}
          onChange={(v) => form.setFieldValue('payment.kind', v as Values['payment']['kind'])}
          data={[
            { value: 'none', label: 'None' },
            ...(view.sandboxAllowed ? [{ value: 'sandbox', label: 'Sandbox' }] : []),
            { value: 'phonepe', label: 'PhonePe' },
          ]}
        />
        {payment.kind === 'none' && (
          <Text size="sm" c="dimmed">
            No online payment: customers pay from their wallet or by bank transfer.
          </Text>
        )}
        {payment.kind === 'sandbox' && (
          <Text size="sm" c="dimmed">
            Test payments on a page of this site: no real money moves. Staff see a &quot;Sandbox payments&quot; badge.
          </Text>
        )}
        {kindError && (
          <Text size="sm" c="red" role="alert">
            {kindError}
          </Text>
        )}
        {payment.kind === 'phonepe' && (
          <Stack gap="sm">
            <TextInput
              label="PhonePe client id"
              autoComplete="off"
              description={secretHint(pp?.clientIdSet)}
              {...form.getInputProps('payment.clientId')}
            />
            <PasswordInput
              label="PhonePe client secret"
              autoComplete="new-password"
              description={secretHint(pp?.clientSecretSet)}
              {...form.getInputProps('payment.clientSecret')}
            />
            <Group grow wrap="wrap">
              <NumberInput
                label="PhonePe client version"
                min={1}
                clampBehavior="none"
                required
                {...form.getInputProps('payment.clientVersion')}
              />
              <Select
                label="PhonePe environment"
                allowDeselect={false}
                {...form.getInputProps('payment.env')}
                data={[
                  { value: 'PRODUCTION', label: 'Production' },
                  ...(view.sandboxAllowed || payment.env === 'SANDBOX' ? [{ value: 'SANDBOX', label: 'Sandbox' }] : []),
                ]}
              />
            </Group>
            <Group grow wrap="wrap">
              <TextInput
                label="Callback user name"
                autoComplete="off"
                description={secretHint(pp?.callbackSet)}
                {...form.getInputProps('payment.callbackUsername')}
              />
              <PasswordInput
                label="Callback password"
                autoComplete="new-password"
                description={secretHint(pp?.callbackSet)}
                {...form.getInputProps('payment.callbackPassword')}
              />
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
