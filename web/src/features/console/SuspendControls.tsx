import { useState } from 'react';
import { Button, Stack, Text, Textarea } from '@mantine/core';
import { CONSOLE_MSG, reactivateReseller, suspendReseller, type TReseller } from '@tp/contracts/endpoints/console';
import { ActionButton } from '#shared/ActionButton.tsx';
import { FormDialog } from '#shared/FormDialog.tsx';
import { FormFooter } from '#shared/FormFooter.tsx';
import { useEndpointForm } from '#shared/form.ts';
import { useAction } from '#api/action.ts';
import type { Written } from './AdminInvite.tsx';

function SuspendForm({ reseller, onDone }: { reseller: TReseller; onDone: (r?: TReseller) => void }) {
  const { form, submit, busy } = useEndpointForm({
    endpoint: suspendReseller,
    initialValues: { reason: '' },
    toRequest: (values) => ({ ...values, siteId: reseller.siteId }),
    success: (r) => CONSOLE_MSG.suspended(r.companyName),
    onSuccess: (r) => onDone(r),
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Its pages show only a notice that the site is temporarily unavailable; nobody signs in and nothing is booked
          or charged. Work already under way (payments being verified, refunds, mails) still completes, and every record
          is kept.
        </Text>
        <Textarea label="Reason" required minRows={2} data-autofocus {...form.getInputProps('reason')} />
        <FormFooter onCancel={() => onDone()} busy={busy} label="Suspend" />
      </Stack>
    </form>
  );
}

/** Suspend (with a reason, in a dialog) or reactivate (confirmed) a reseller. */
export function SuspendControls({ reseller, onWritten }: { reseller: TReseller; onWritten: Written }) {
  const [suspending, setSuspending] = useState(false);
  const reactivate = useAction(reactivateReseller, {
    success: (r) => CONSOLE_MSG.reactivated(r.companyName),
    onSuccess: onWritten,
  });
  if (reseller.status === 'suspended')
    return (
      <ActionButton
        label="Reactivate"
        subject={reseller.companyName}
        size="sm"
        color="green"
        confirm="Its site answers again: its people sign in and its customers search, book and pay as before."
        run={() => reactivate.run({ siteId: reseller.siteId })}
      />
    );
  return (
    <>
      <Button size="sm" variant="light" color="red" onClick={() => setSuspending(true)}>
        Suspend
      </Button>
      <FormDialog opened={suspending} onClose={() => setSuspending(false)} title={`Suspend ${reseller.companyName}?`}>
        <SuspendForm
          reseller={reseller}
          onDone={(r) => {
            setSuspending(false);
            if (r) onWritten(r);
          }}
        />
      </FormDialog>
    </>
  );
}
