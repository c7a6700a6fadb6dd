import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import {
  VISA_APP_MSG,
  cancelVisaApplication,
  getVisaApplication,
  payVisaApplication,
  uploadVisaDocument,
  type TVisaApplication,
} from '@tp/contracts/endpoints/visa-applications';
import { canTakeStep } from '@tp/domain/visa-applications';
import { useAction } from '#api/action.ts';
import { call } from '#api/client.ts';
import { ActionButton } from '#shared/ActionButton.tsx';
import { toastSuccess } from '#lib/notify.ts';
import { useApi } from '#api/hooks.ts';
import { formatDate, formatMoney } from '#shared/format.ts';
import { PageLoader } from '#shared/PageLoader.tsx';
import { InvoiceLink } from '#features/invoices/index.ts';
import { GatewayReturnNotice, useGatewayReturn } from '#features/wallet/index.ts';
import { DocumentButton, DocumentUploadButton, travellerName, VisaStatusBadge } from './application-parts.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { VISA_HOME } from './links.ts';
import { VisaHeader } from './VisaHeader.tsx';

function Documents({ app, onChange }: { app: TVisaApplication; onChange: (a: TVisaApplication) => void }) {
  const upload = useAction(uploadVisaDocument, { success: 'Document uploaded', onSuccess: onChange });
  const canUpload = canTakeStep(app.status, 'upload');
  return (
    <Stack gap="md">
      {app.travellers.map((_, t) => (
        <Paper
          key={t}
          withBorder
          radius="md"
          p="md"
          component="section"
          aria-label={`Documents of ${travellerName(app, t)}`}
        >
          <Title order={2} size="h5" mb="xs">
            {travellerName(app, t)}
          </Title>
          <Stack gap="xs">
            {app.requiredDocuments.map((name) => {
              const doc = app.documents.find((d) => d.traveller === t && d.document === name);
              const missing = app.missing.some((m) => m.traveller === t && m.document === name);
              const uploading = upload.pending?.traveller === t && upload.pending.document === name;
              return (
                <Group key={name} justify="space-between" gap="xs" wrap="wrap">
                  <Stack gap={0}>
                    <Text fw={500}>{name}</Text>
                    <Text size="sm" c={doc?.requested ? 'orange.9' : missing ? 'red.8' : 'dimmed'}>
                      {doc?.requested
                        ? `Requested again: ${doc.requestNote}`
                        : doc
                          ? `${doc.fileName} · ${formatDate(doc.uploadedAt)}`
                          : 'Not uploaded yet'}
                    </Text>
                  </Stack>
                  <Group gap="xs">
                    {doc && (
                      <DocumentButton
                        applicationId={app.id}
                        documentId={doc.documentId}
                        label="View"
                        aria-label={`View ${name} of ${travellerName(app, t)}`}
                      />
                    )}
                    {canUpload && (missing || app.status === 'draft') && (
                      <DocumentUploadButton
                        label={doc ? 'Replace' : 'Upload'}
                        aria-label={`${doc ? 'Replace' : 'Upload'} ${name} of ${travellerName(app, t)}`}
                        busy={uploading}
                        onFile={(file) =>
                          upload.run({
                            applicationId: app.id,
                            version: app.version,
                            traveller: t,
                            document: name,
                            file,
                          })
                        }
                      />
                    )}
                  </Group>
                </Group>
              );
            })}
            {app.visas
              .filter((v) => v.traveller === t)
              .map((v) => (
                <Group key={v.documentId} justify="space-between">
                  <Text fw={500} c="green.9">
                    Issued visa
                  </Text>
                  <DocumentButton
                    applicationId={app.id}
                    documentId={v.documentId}
                    label="Download visa"
                    aria-label={`Download the visa of ${travellerName(app, t)}`}
                  />
                </Group>
              ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function Fee({ app, onChange }: { app: TVisaApplication; onChange: (a: TVisaApplication) => void }) {
  const pay = useAction(payVisaApplication, { success: 'Fee paid', onSuccess: onChange });
  // Online: to the site's gateway and back here; the fee is taken once the payment is verified.
  const payOnline = useAction(payVisaApplication, {
    onSuccess: (out) => (out.redirectTo ? window.location.assign(out.redirectTo) : onChange(out)),
  });
  const money = (n: number) => formatMoney(n, app.fee.currency);
  const online = app.paidBy === 'gateway';
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Visa fee">
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>
              Visa fee ({app.fee.travellers} × {money(app.fee.feePerTraveller)})
            </Table.Td>
            <Table.Td ta="right">{money(app.fee.net)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>Service charge (GST included)</Table.Td>
            <Table.Td ta="right">{money(app.fee.markup)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td fw={700}>Total</Table.Td>
            <Table.Td ta="right" fw={700}>
              {money(app.fee.total)}
            </Table.Td>
          </Table.Tr>
          {app.paidAt && (
            <Table.Tr>
              <Table.Td>Paid on {formatDate(app.paidAt)}</Table.Td>
              <Table.Td ta="right">{money(app.paidAmount)}</Table.Td>
            </Table.Tr>
          )}
          {app.refundedAmount > 0 && (
            <Table.Tr>
              <Table.Td>{online ? 'Refunded to your card or account' : 'Refunded to your wallet'}</Table.Td>
              <Table.Td ta="right">{money(app.refundedAmount)}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" mt="sm" gap="sm">
        {app.invoiceId && <InvoiceLink source="visa" sourceId={app.id} variant="button" />}
        {canTakeStep(app.status, 'cancelByApplicant') && (
          <ActionButton
            size="sm"
            variant="default"
            color="red"
            label="Cancel"
            subject={`application ${app.reference}`}
            confirm={
              app.paidAt
                ? `The application stops here; what is refunded follows the site's terms and goes back to ${online ? 'the card or account you paid with' : 'your wallet'}.`
                : 'The application stops here; nothing was paid yet.'
            }
            run={async () => {
              onChange(await call(cancelVisaApplication, { applicationId: app.id, reason: '' }));
              toastSuccess('Application cancelled');
            }}
          />
        )}
        {app.status === 'draft' && (
          <Button
            variant="default"
            loading={pay.busy}
            disabled={app.missing.length > 0 || payOnline.busy}
            onClick={() => void pay.run({ applicationId: app.id, method: 'wallet' })}
          >
            Pay {money(app.fee.total)} from wallet
          </Button>
        )}
        {app.status === 'draft' && (
          <Button
            loading={payOnline.busy}
            disabled={app.missing.length > 0 || pay.busy}
            onClick={() => void payOnline.run({ applicationId: app.id, method: 'gateway' })}
          >
            Pay {money(app.fee.total)} online
          </Button>
        )}
      </Group>
      {app.status === 'draft' && app.missing.length > 0 && (
        <Text size="sm" c="dimmed" ta="right" mt={4}>
          Upload the {app.missing.length} missing document{app.missing.length === 1 ? '' : 's'} to pay.
        </Text>
      )}
      {app.status === 'draft' && (
        <Text size="sm" c="dimmed" ta="right" mt={4}>
          Pay online through the payment gateway, or from your wallet and credit line (
          <Anchor component={Link} to="/payments" size="sm" underline="always">
            add money
          </Anchor>{' '}
          by card, UPI or bank transfer).
        </Text>
      )}
    </Paper>
  );
}

/**
 * /visa-applications/:applicationId (ours): the applicant's application: its status, each traveller's documents
 * (upload, replace what staff ask for again, view through a short-lived link), the fee (paid once from the wallet
 * and its credit line, or online through the site's gateway), the issued visas and the invoice.
 */
export default function VisaApplicationPage() {
  const { applicationId = '' } = useParams();
  const [params] = useSearchParams();
  const read = useApi(getVisaApplication, { applicationId }, { call: { handling: 'navigation' } });
  // Back from the gateway (`?payment=<id>`): its outcome, and the application read again once it settles.
  const returned = useGatewayReturn(params.get('payment'), () => void read.mutate());
  const app = read.data;
  const onChange = (next: TVisaApplication) => void read.mutate(next, { revalidate: false });
  return (
    <Stack gap="lg" maw={900} w="100%" mx="auto">
      <VisaHeader
        crumbs={[
          { label: 'Visas', to: VISA_HOME },
          { label: 'Visa applications', to: '/visa-applications' },
          { label: app?.reference ?? 'Application' },
        ]}
        title={app ? `${app.countryName} – ${app.visaCategory}` : 'Visa application'}
      />
      {read.error ? (
        <LoadFailed message="Could not fetch the visa application" onRetry={() => void read.mutate()} />
      ) : !app ? (
        <PageLoader />
      ) : (
        <>
          <Group gap="sm" wrap="wrap">
            <VisaStatusBadge status={app.status} />
            <Text size="sm">
              {app.reference} · {app.nationalityName} passport{app.travellers.length > 1 ? 's' : ''} · travel{' '}
              {formatDate(app.travelFrom)} – {formatDate(app.travelTo)}
            </Text>
          </Group>
          {app.status === 'documentsRequested' && (
            <Alert color="orange" title="Documents requested">
              {app.decisionNote || 'Please upload the documents marked below again.'}
            </Alert>
          )}
          {app.embassyReference && <Text size="sm">Embassy reference: {app.embassyReference}</Text>}
          {(app.status === 'rejected' || app.status === 'cancelled') && app.decisionNote && (
            <Alert color="red">{app.decisionNote}</Alert>
          )}
          {app.documentsDeletedAt ? (
            <Text size="sm" c="dimmed">
              The documents of this application were deleted on {formatDate(app.documentsDeletedAt)}.
            </Text>
          ) : (
            <Documents app={app} onChange={onChange} />
          )}
          <GatewayReturnNotice state={returned} received={VISA_APP_MSG.paymentReceived} />
          <Fee app={app} onChange={onChange} />
        </>
      )}
    </Stack>
  );
}
