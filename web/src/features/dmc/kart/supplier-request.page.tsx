import { useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  KART_PAPER_MSG,
  SUPPLIER_STATUS_LABELS,
  answerSupplierRequest,
  getSupplierRequest,
  type TSupplierRequestView,
} from '@tp/contracts/endpoints/kart-paper';
import { ApiError } from '#api/client.ts';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { useEndpointForm } from '#shared/form.ts';
import { formatDate, formatDateTime } from '#shared/format.ts';
import './quotation.css';
import './voucher.css';

/** The refusals that end the page, each one sentence: tampered (403), unknown (404), expired (410). */
const refusalOf = (error: unknown): string | null =>
  error instanceof ApiError && [400, 403, 404, 410].includes(error.status) ? error.message : null;

const STATUS_COLORS = { requested: 'blue', confirmed: 'green', declined: 'red' } as const;

function AnswerForm({ token, onAnswered }: { token: string; onAnswered: (v: TSupplierRequestView) => void }) {
  const [decision, setDecision] = useState<'confirm' | 'decline'>('confirm');
  const { form, submit, busy } = useEndpointForm({
    endpoint: answerSupplierRequest,
    initialValues: { confirmationNumber: '', reason: '' },
    toRequest: (v) => ({ token, decision, confirmationNumber: v.confirmationNumber, reason: v.reason }),
    rule: (r) =>
      r.decision === 'confirm' && !r.confirmationNumber.trim()
        ? { confirmationNumber: KART_PAPER_MSG.numberRequired }
        : r.decision === 'decline' && !r.reason.trim()
          ? { reason: KART_PAPER_MSG.reasonRequired }
          : {},
    success: decision === 'confirm' ? KART_PAPER_MSG.confirmed : KART_PAPER_MSG.declined,
    onSuccess: onAnswered,
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Your answer">
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Your answer"
          fullWidth
          value={decision}
          onChange={(v) => setDecision(v as 'confirm' | 'decline')}
          data={[
            { value: 'confirm', label: 'Confirm' },
            { value: 'decline', label: 'Decline' },
          ]}
        />
        {decision === 'confirm' ? (
          <TextInput
            label="Your confirmation number"
            required
            autoComplete="off"
            {...form.getInputProps('confirmationNumber')}
          />
        ) : (
          <Textarea label="Why you cannot confirm it" required autosize minRows={2} {...form.getInputProps('reason')} />
        )}
        <Button type="submit" loading={busy} color={decision === 'confirm' ? 'green' : 'red'}>
          {decision === 'confirm' ? 'Confirm the booking' : 'Decline the booking'}
        </Button>
      </Stack>
    </form>
  );
}

function RequestCard({
  request: r,
  token,
  onAnswered,
}: {
  request: TSupplierRequestView;
  token: string;
  onAnswered: (v: TSupplierRequestView) => void;
}) {
  const by = r.requestedBy;
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby="supplier-request-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Text size="sm" c="gray.7">
              Booking request from {by.companyName}
            </Text>
            <Title order={1} size="h2" id="supplier-request-title">
              {r.service}
            </Title>
          </div>
          <Badge color={STATUS_COLORS[r.status]} size="lg" variant="light">
            {SUPPLIER_STATUS_LABELS[r.status]}
          </Badge>
        </Group>
        <dl className="quotation-facts">
          <dt>Our reference</dt>
          <dd>
            <strong>{r.reference}</strong>
          </dd>
          <dt>For</dt>
          <dd>{r.supplierName}</dd>
          <dt>Lead guest</dt>
          <dd>{r.leadGuest}</dd>
        </dl>
        <ul className="voucher-list" aria-label="Booking details">
          {r.details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
        {r.status === 'requested' ? (
          <>
            <Text size="sm">
              Please answer by {formatDate(r.expiresAt.slice(0, 10))}. This link opens this booking only.
            </Text>
            <AnswerForm token={token} onAnswered={onAnswered} />
          </>
        ) : r.status === 'confirmed' ? (
          <Alert color="green" role="status" title="Confirmed">
            You confirmed this booking with number <strong>{r.confirmationNumber}</strong>
            {r.answeredAt ? ` on ${formatDateTime(r.answeredAt)}` : ''}. Thank you.
          </Alert>
        ) : (
          <Alert color="red" role="status" title="Declined">
            You declined this booking{r.answeredAt ? ` on ${formatDateTime(r.answeredAt)}` : ''}: {r.reason}
          </Alert>
        )}
        <Text size="sm" c="gray.7">
          Questions: {[by.adminContact, by.adminEmail].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * /supplier-request/:token (ours, no sign-in): a hotel or tour operator confirms a booking with its confirmation
 * number or declines it with a reason, once. A link that does not open (tampered, unknown, expired) says so in one
 * sentence and shows nothing else.
 */
export default function SupplierRequestPage() {
  const { token = '' } = useParams();
  const request = useApi(getSupplierRequest, { token }, { call: { handling: 'none' } });
  const refused = refusalOf(request.error);
  if (refused)
    return (
      <Alert color="gray" role="alert" title="Link not working" maw={520} mx="auto" mt="lg">
        <Text size="lg">{refused}</Text>
      </Alert>
    );
  return (
    <Stack maw={620} mx="auto" w="100%">
      <AsyncContent
        data={request.data}
        error={request.error}
        onRetry={() => void request.mutate()}
        loadingLabel="Loading the booking request"
      >
        {(r) => (
          <RequestCard request={r} token={token} onAnswered={(v) => void request.mutate(v, { revalidate: false })} />
        )}
      </AsyncContent>
    </Stack>
  );
}
