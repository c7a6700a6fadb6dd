import { Button, Code, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { SPA_BASENAME } from '@tp/contracts/spa-routes';
import { brandName, useSite } from '#shared/site.tsx';
import { copyText } from '#shared/clipboard.ts';
import { PageLoader } from '#shared/PageLoader.tsx';
import { useUser } from '#lib/state.ts';

/** The sign-up link that carries a referral code. */
export const referralLink = (origin: string, code: string): string =>
  `${origin}${SPA_BASENAME}/signup?${new URLSearchParams({ ref: code })}`;

/** /user/dashboard/referral: the user's referral code, its sign-up link, copy and WhatsApp share. */
export default function ReferralPage() {
  const user = useUser();
  const site = useSite();
  if (!user) return <PageLoader />;
  const code = user.referralCode;
  const link = referralLink(window.location.origin, code);
  const message = `Join me on ${brandName(site)}: sign up with my referral code ${code} at ${link}`;

  return (
    <Stack gap="lg" maw={640}>
      <Title order={1} size="h2">
        Referral
      </Title>
      {code ? (
        <Paper withBorder p={{ base: 'sm', xs: 'lg' }}>
          <Stack gap="md">
            <Text size="sm">Invite friends to {brandName(site)}: they sign up with your code.</Text>
            <Group gap="sm" wrap="wrap">
              <Text size="sm" fw={600} id="referral-code-label">
                Your referral code
              </Text>
              <Code fz="xl" px="md" py={6} aria-labelledby="referral-code-label">
                {code}
              </Code>
              <Button variant="light" size="sm" onClick={() => void copyText(code)}>
                Copy code
              </Button>
            </Group>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label="Sign-up link"
                value={link}
                readOnly
                onFocus={(e) => e.currentTarget.select()}
                style={{ flex: 1, minWidth: 0 }}
              />
              <Button variant="default" onClick={() => void copyText(link)}>
                Copy link
              </Button>
            </Group>
            <Button
              component="a"
              href={`https://wa.me/?${new URLSearchParams({ text: message })}`}
              target="_blank"
              rel="noopener noreferrer"
              color="green"
              style={{ alignSelf: 'flex-start' }}
            >
              Share on WhatsApp
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Text c="dimmed">Your account has no referral code yet.</Text>
      )}
    </Stack>
  );
}
