import { useState } from 'react';
import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { CONSOLE_MSG, consoleLogin } from '@tp/contracts/endpoints/console';
import { CONSOLE_BRAND } from '@tp/contracts/spa-routes';
import { ApiError } from '#api/client.ts';
import { FormCard } from '#shared/FormCard.tsx';
import { useEndpointForm } from '#shared/form.ts';
import { operatorStore } from '#lib/state.ts';

/** The server asks for the authenticator code (the account's MFA is on) by naming the field or saying so. */
const asksForCode = (error: unknown): boolean =>
  error instanceof ApiError && (!!error.fieldErrors.otp || error.message === CONSOLE_MSG.mfaCodeRequired);

/**
 * /console/login: the operator's sign-in, on the console host only. Storing the operator is all a success does:
 * the console's guard then sends them where they were going (or the reseller list).
 */
export default function ConsoleLoginPage() {
  const [codeAsked, setCodeAsked] = useState(false);
  const { form, submit, busy } = useEndpointForm({
    endpoint: consoleLogin,
    initialValues: { email: '', password: '', otp: '' },
    toRequest: ({ otp, ...values }) => (otp.trim() ? { ...values, otp } : values),
    onSuccess: (operator) => operatorStore.set(operator),
    onError: (error) => {
      if (asksForCode(error)) setCodeAsked(true);
    },
  });
  return (
    <FormCard title={`Sign in to the ${CONSOLE_BRAND}`}>
      <Text size="sm" c="dimmed">
        For the platform&apos;s operators. Reseller staff sign in on their own site.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Email" type="email" autoComplete="username" required {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          {codeAsked && (
            <TextInput
              label="Authenticator code"
              description="The 6-digit code from your authenticator app"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              data-autofocus
              {...form.getInputProps('otp')}
            />
          )}
          <Button type="submit" loading={busy} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
    </FormCard>
  );
}
