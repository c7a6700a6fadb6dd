import { useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  getAllVisibleSuppliersWithConsumerRequests,
  getLinkedSuppliersByConsumer,
} from '@tp/contracts/endpoints/suppliers';
import * as MSG from '@tp/contracts/messages';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { CATEGORY_LABEL, canRequest, isActiveMapping, SUPPLIER_TEXT } from './links.ts';
import { SiteIdentity, StatusBadge, useRefresh } from './parts.tsx';
import { RequestAccessDialog, type RequestTarget } from './RequestAccessDialog.tsx';

/** Every listed supplier site but ours, with our request status per category and "Request access". */
export function AvailableSuppliers() {
  const visible = useApi(getAllVisibleSuppliersWithConsumerRequests, { domainName: window.location.hostname });
  const refresh = useRefresh();
  const [target, setTarget] = useState<RequestTarget | null>(null);

  return (
    <>
      <AsyncContent
        data={visible.data}
        error={visible.error}
        onRetry={() => void visible.mutate()}
        loadingLabel="Loading suppliers"
        emptyText={MSG.noResults}
        isEmpty={(rows) => rows.length === 0}
      >
        {(suppliers) => (
          <Stack gap="sm">
            {suppliers.map((s) => (
              <Paper key={s.supplierId} withBorder p="md" component="article" aria-label={s.companyName}>
                <Stack gap="sm">
                  <SiteIdentity companyName={s.companyName} domain={s.domain} logoUrl={s.logoUrl} />
                  <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                    {s.categories.map((c) => (
                      <Group key={c.supplierListId} component="li" justify="space-between" gap="xs" wrap="wrap">
                        <Group gap="xs">
                          <Text size="sm" fw={500} miw={110}>
                            {CATEGORY_LABEL[c.category]}
                          </Text>
                          <StatusBadge status={c.requestStatus} />
                          {c.requestStatus && !isActiveMapping(c.mappingStatus) && (
                            <Text size="xs" c="dimmed">
                              {SUPPLIER_TEXT.paused}
                            </Text>
                          )}
                        </Group>
                        {canRequest(c.requestStatus) && (
                          <Button
                            size="xs"
                            variant="light"
                            aria-label={`Request access to ${CATEGORY_LABEL[c.category]} from ${s.companyName}`}
                            onClick={() =>
                              setTarget({
                                supplierId: s.supplierId,
                                companyName: s.companyName,
                                supplierListId: c.supplierListId,
                                category: c.category,
                              })
                            }
                          >
                            {c.requestStatus === 'Rejected' ? 'Request again' : 'Request access'}
                          </Button>
                        )}
                      </Group>
                    ))}
                  </Stack>
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </AsyncContent>
      {target && (
        <RequestAccessDialog
          target={target}
          onClose={() => setTarget(null)}
          onRequested={() => void refresh(getAllVisibleSuppliersWithConsumerRequests, getLinkedSuppliersByConsumer)}
        />
      )}
    </>
  );
}
