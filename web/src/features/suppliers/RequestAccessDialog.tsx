import { useState } from 'react';
import { Anchor, Badge, Button, Checkbox, Group, Paper, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  consumerToSupplierRequests,
  supplierApprovalAcceptTermsAndConditions,
  supplierApprovalGetTermsAndConditions,
  supplierApprovalSupplierDetails,
} from '@tp/contracts/endpoints/suppliers';
import type { SupplierCategory } from '@tp/contracts/endpoints/suppliers';
import { useAction } from '#api/action.ts';
import { ApiError, call } from '#api/client.ts';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { formatDateTime } from '#shared/format.ts';
import SafeHtml from '#shared/SafeHtml.tsx';
import { CATEGORY_LABEL, SUPPLIER_TEXT } from './links.ts';
import { SiteIdentity } from './parts.tsx';
import { Modal } from '#shared/Modal.tsx';

export interface RequestTarget {
  supplierId: string;
  companyName: string;
  supplierListId: string;
  category: SupplierCategory;
}

/**
 * "Request access" to one supplier list: the supplier's details and current terms (sanitised html),
 * an acceptance tick that is required before sending, then the request. Acceptance is recorded for
 * the version shown; when the terms changed meanwhile (409) the new text is loaded and must be ticked again.
 */
export function RequestAccessDialog({
  target,
  onClose,
  onRequested,
}: {
  target: RequestTarget;
  onClose: () => void;
  onRequested: () => void;
}) {
  const ref = { supplierId: target.supplierId };
  const details = useApi(supplierApprovalSupplierDetails, ref);
  const terms = useApi(supplierApprovalGetTermsAndConditions, ref);
  const [accepted, setAccepted] = useState(false);
  const subject = `${CATEGORY_LABEL[target.category]} from ${target.companyName}`;

  // Accepting the terms shown (when not yet accepted) and the request, as one step.
  const request = useAction(
    async (current: NonNullable<typeof terms.data>) => {
      if (current.acceptedTermsVersion !== current.version)
        await terms.mutate(call(supplierApprovalAcceptTermsAndConditions, { ...ref, version: current.version }), {
          revalidate: false,
        });
      await call(consumerToSupplierRequests, { ...ref, supplierListId: target.supplierListId });
    },
    {
      success: SUPPLIER_TEXT.requestSent(target.category, target.companyName),
      onSuccess: () => {
        onRequested();
        onClose();
      },
      onError: (error) => {
        // A conflict (409: the terms changed since they were shown, or someone else asked meanwhile):
        // show what is true now and ask for the tick again.
        if (error instanceof ApiError && error.status === 409) {
          setAccepted(false);
          void terms.mutate();
          void details.mutate();
          onRequested();
        }
      },
    },
  );
  const sending = request.busy;
  const send = () => {
    if (terms.data && accepted) void request.run(terms.data);
  };

  return (
    <Modal opened onClose={onClose} title={`Request access: ${subject}`} size="lg" centered>
      <Stack gap="md">
        <AsyncContent
          data={details.data}
          error={details.error}
          onRetry={() => void details.mutate()}
          loadingLabel="Loading supplier details"
        >
          {(d) => (
            <Paper withBorder p="sm">
              <Stack gap="xs">
                <SiteIdentity companyName={d.companyName} domain={d.domain} logoUrl={d.logoUrl} order={4} />
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                  <Text size="sm">
                    Email:{' '}
                    <Anchor href={`mailto:${d.adminEmail}`} size="sm">
                      {d.adminEmail}
                    </Anchor>
                  </Text>
                  <Text size="sm">Contact: {d.adminContact || '—'}</Text>
                </SimpleGrid>
                <Group gap={6}>
                  <Text size="sm">Sells:</Text>
                  {d.lists.map((l) => (
                    <Badge
                      key={l.supplierListId}
                      variant="light"
                      color={l.category === target.category ? 'brand' : 'gray'}
                    >
                      {CATEGORY_LABEL[l.category]}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            </Paper>
          )}
        </AsyncContent>

        <AsyncContent
          data={terms.data}
          error={terms.error}
          onRetry={() => void terms.mutate()}
          loadingLabel="Loading terms and conditions"
        >
          {(t) => (
            <Stack gap="xs">
              <Group justify="space-between" gap="xs">
                <Text fw={600} component="h4" m={0}>
                  Terms and conditions
                </Text>
                <Text size="xs" c="dimmed">
                  Version {t.version}
                  {t.updatedAt ? ` · updated ${formatDateTime(t.updatedAt)}` : ''}
                </Text>
              </Group>
              <Paper withBorder p={0}>
                <ScrollArea.Autosize mah={260} type="auto" offsetScrollbars>
                  <SafeHtml html={t.termsAndConditions} p="sm" fz="sm" />
                </ScrollArea.Autosize>
              </Paper>
              {t.acceptedTermsVersion === t.version && t.termsAcceptedAt && (
                <Text size="xs" c="dimmed">
                  Your site accepted this version on {formatDateTime(t.termsAcceptedAt)}.
                </Text>
              )}
              {t.acceptedTermsVersion !== null && t.acceptedTermsVersion !== t.version && (
                <Text size="xs" c="orange">
                  The terms changed since your site accepted version {t.acceptedTermsVersion}.
                </Text>
              )}
              <Checkbox
                checked={accepted}
                onChange={(e) => setAccepted(e.currentTarget.checked)}
                label={`I have read and accept the terms and conditions of ${target.companyName}`}
              />
            </Stack>
          )}
        </AsyncContent>

        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={send} disabled={!accepted || !terms.data} loading={sending}>
            Send request
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
