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
import {
  getFlightSettings,
  saveFlightSettings,
  testFlightSupply,
  type TFlightSettingsView,
  type TPaymentGatewayInput,
  type TSupplyInput,
} from '@tp/contracts/endpoints/flight-admin';
import { getActiveGateway } from '@tp/contracts/endpoints/wallet';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { ApiError } from '#api/client.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { formatDateTime, formatMoney } from '#shared/format.ts';
import { toastError, toastSuccess } from '#shared/notify.ts';

interface Form {
  kind: 'simulator' | 'tbo';
  latencyMs: number | string;
  failureRate: number | string;
  baseUrl: string;
  clientId: string;
  userName: string;
  password: string;
  ratio: number | string;
  freeLooks: number | string;
  holdsOffered: boolean;
  gateway: TPaymentGatewayInput['kind'];
  ppClientId: string;
  ppClientSecret: string;
  ppClientVersion: number | string;
  ppEnv: 'SANDBOX' | 'PRODUCTION';
  ppCallbackUsername: string;
  ppCallbackPassword: string;
}

function formOf(v: TFlightSettingsView): Form {
  const s = v.supply;
  return {
    kind: s.kind,
    latencyMs: s.kind === 'simulator' ? (s.latencyMs ?? '') : '',
    failureRate: s.kind === 'simulator' ? (s.failureRate ?? '') : '',
    baseUrl: s.kind === 'tbo' ? s.baseUrl : '',
    // Secrets are write-only: the fields start blank and blank keeps what is stored.
    clientId: '',
    userName: '',
    password: '',
    ratio: v.lookToBook.ratio,
    freeLooks: v.lookToBook.freeLooks,
    holdsOffered: v.holdsOffered,
    gateway: v.payment.active ?? 'none',
    ppClientId: '',
    ppClientSecret: '',
    ppClientVersion: v.payment.phonepe?.clientVersion ?? 1,
    ppEnv: v.payment.phonepe?.env ?? 'PRODUCTION',
    ppCallbackUsername: '',
    ppCallbackPassword: '',
  };
}

function paymentOf(f: Form): TPaymentGatewayInput {
  if (f.gateway !== 'phonepe') return { kind: f.gateway };
  return {
    kind: 'phonepe',
    clientId: f.ppClientId,
    clientSecret: f.ppClientSecret,
    clientVersion: Number(f.ppClientVersion),
    env: f.ppEnv,
    callbackUsername: f.ppCallbackUsername,
    callbackPassword: f.ppCallbackPassword,
  };
}

const num = (v: number | string) => (v === '' ? undefined : Number(v));

function supplyOf(f: Form): TSupplyInput {
  if (f.kind === 'simulator')
    return { kind: 'simulator', latencyMs: num(f.latencyMs), failureRate: num(f.failureRate) } as TSupplyInput;
  return { kind: 'tbo', baseUrl: f.baseUrl.trim(), clientId: f.clientId, userName: f.userName, password: f.password };
}

/** "Stored (…abcd)" / "Not set": what staff may know about a write-only secret. */
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
  const [form, setForm] = useState<Form>(() => formOf(view));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [testResult, setTestResult] = useState<{ ok: boolean; message: string; balance: string | null } | null>(null);
  const set = <K extends keyof Form>(k: K, value: Form[K]) => setForm((f) => ({ ...f, [k]: value }));
  const tbo = view.supply.kind === 'tbo' ? view.supply : null;
  const supplied = view.suppliedBy;

  const saving = useAction(saveFlightSettings, {
    success: 'Flight settings saved',
    onSuccess: onSaved,
    onError: (err) => {
      if (err instanceof ApiError) setErrors(err.fieldErrors);
    },
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

  const save = () => {
    setErrors({});
    return saving.run({
      ...(supplied ? {} : { supply: supplyOf(form) }),
      payment: paymentOf(form),
      lookToBook: { ratio: Number(form.ratio), freeLooks: Number(form.freeLooks) },
      holdsOffered: form.holdsOffered,
    });
  };
  const test = () => {
    setTestResult(null);
    return testing.run(supplied ? {} : { supply: supplyOf(form) });
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Supply source
            </Title>
            {supplied ? (
              <Alert color="blue" title={`Supplied by ${supplied.name}`}>
                This site&apos;s flights come from its approved supplier {supplied.name}. The supply source is managed
                by the supplier and cannot be changed here.
              </Alert>
            ) : (
              <>
                <SegmentedControl
                  aria-label="Supply source"
                  value={form.kind}
                  onChange={(v) => set('kind', v as Form['kind'])}
                  data={[
                    { value: 'simulator', label: 'Simulator' },
                    { value: 'tbo', label: 'TBO-style API' },
                  ]}
                />
                {form.kind === 'simulator' ? (
                  <Group grow wrap="wrap">
                    <NumberInput
                      label="Latency (ms)"
                      description="Added to every supplier call"
                      min={0}
                      max={120000}
                      value={form.latencyMs}
                      onChange={(v) => set('latencyMs', v)}
                      error={errors['supply.latencyMs']}
                    />
                    <NumberInput
                      label="Failure rate (0–1)"
                      description="Share of calls that fail"
                      min={0}
                      max={1}
                      step={0.05}
                      decimalScale={2}
                      value={form.failureRate}
                      onChange={(v) => set('failureRate', v)}
                      error={errors['supply.failureRate']}
                    />
                  </Group>
                ) : (
                  <Stack gap="sm">
                    <TextInput
                      label="API base URL"
                      placeholder="https://api.example.com"
                      required
                      value={form.baseUrl}
                      onChange={(e) => set('baseUrl', e.currentTarget.value)}
                      error={errors['supply.baseUrl']}
                    />
                    <TextInput
                      label="Client id"
                      autoComplete="off"
                      description={secretHint(tbo?.clientIdSet)}
                      value={form.clientId}
                      onChange={(e) => set('clientId', e.currentTarget.value)}
                      error={errors['supply.clientId']}
                    />
                    <TextInput
                      label="User name"
                      autoComplete="off"
                      description={secretHint(tbo?.userNameSet, tbo?.userNameLast4)}
                      value={form.userName}
                      onChange={(e) => set('userName', e.currentTarget.value)}
                      error={errors['supply.userName']}
                    />
                    <PasswordInput
                      label="Password"
                      autoComplete="new-password"
                      description={secretHint(tbo?.passwordSet)}
                      value={form.password}
                      onChange={(e) => set('password', e.currentTarget.value)}
                      error={errors['supply.password']}
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
                required
                value={form.freeLooks}
                onChange={(v) => set('freeLooks', v)}
                error={errors['lookToBook.freeLooks']}
              />
              <NumberInput
                label="Searches per booking"
                min={1}
                required
                value={form.ratio}
                onChange={(v) => set('ratio', v)}
                error={errors['lookToBook.ratio']}
              />
            </Group>
          </Stack>
        </Paper>

        <PaymentGatewaySection view={view.payment} form={form} set={set} errors={errors} />

        <Paper withBorder p="md">
          <Switch
            label="Offer holds (book now, ticket later) on GDS fares"
            description="When off, nobody on this site can hold a booking."
            checked={form.holdsOffered}
            onChange={(e) => set('holdsOffered', e.currentTarget.checked)}
          />
        </Paper>

        <Group justify="space-between" wrap="wrap">
          <Text size="xs" c="dimmed">
            {view.updatedAt ? `Supply last saved ${formatDateTime(view.updatedAt)}` : 'Supply never saved (simulator)'}
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
function PaymentGatewaySection({
  view,
  form,
  set,
  errors,
}: {
  view: TFlightSettingsView['payment'];
  form: Form;
  set: <K extends keyof Form>(k: K, value: Form[K]) => void;
  errors: Record<string, string>;
}) {
  const pp = view.phonepe;
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
          value={form.gateway}
          onChange={(v) => set('gateway', v as Form['gateway'])}
          data={[
            { value: 'none', label: 'None' },
            ...(view.sandboxAllowed ? [{ value: 'sandbox', label: 'Sandbox' }] : []),
            { value: 'phonepe', label: 'PhonePe' },
          ]}
        />
        {form.gateway === 'none' && (
          <Text size="sm" c="dimmed">
            No online payment: customers pay from their wallet or by bank transfer.
          </Text>
        )}
        {form.gateway === 'sandbox' && (
          <Text size="sm" c="dimmed">
            Test payments on a page of this site: no real money moves. Staff see a &quot;Sandbox payments&quot; badge.
          </Text>
        )}
        {errors['payment.kind'] && (
          <Text size="sm" c="red" role="alert">
            {errors['payment.kind']}
          </Text>
        )}
        {form.gateway === 'phonepe' && (
          <Stack gap="sm">
            <TextInput
              label="PhonePe client id"
              autoComplete="off"
              description={secretHint(pp?.clientIdSet)}
              value={form.ppClientId}
              onChange={(e) => set('ppClientId', e.currentTarget.value)}
              error={errors['payment.clientId']}
            />
            <PasswordInput
              label="PhonePe client secret"
              autoComplete="new-password"
              description={secretHint(pp?.clientSecretSet)}
              value={form.ppClientSecret}
              onChange={(e) => set('ppClientSecret', e.currentTarget.value)}
              error={errors['payment.clientSecret']}
            />
            <Group grow wrap="wrap">
              <NumberInput
                label="PhonePe client version"
                min={1}
                required
                value={form.ppClientVersion}
                onChange={(v) => set('ppClientVersion', v)}
                error={errors['payment.clientVersion']}
              />
              <Select
                label="PhonePe environment"
                allowDeselect={false}
                value={form.ppEnv}
                onChange={(v) => v && set('ppEnv', v as Form['ppEnv'])}
                data={[
                  { value: 'PRODUCTION', label: 'Production' },
                  ...(view.sandboxAllowed || form.ppEnv === 'SANDBOX' ? [{ value: 'SANDBOX', label: 'Sandbox' }] : []),
                ]}
                error={errors['payment.env']}
              />
            </Group>
            <Group grow wrap="wrap">
              <TextInput
                label="Callback user name"
                autoComplete="off"
                description={secretHint(pp?.callbackSet)}
                value={form.ppCallbackUsername}
                onChange={(e) => set('ppCallbackUsername', e.currentTarget.value)}
                error={errors['payment.callbackUsername']}
              />
              <PasswordInput
                label="Callback password"
                autoComplete="new-password"
                description={secretHint(pp?.callbackSet)}
                value={form.ppCallbackPassword}
                onChange={(e) => set('ppCallbackPassword', e.currentTarget.value)}
                error={errors['payment.callbackPassword']}
              />
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
