import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useUser } from '#lib/state.ts';
import { PACKAGES_PATH } from './links.ts';

/**
 * /package/enquiry/submitted/:enquiryId?title= (spec 000): the enquiry went through; its id to quote when calling.
 * Staff also get the way to the CRM, where the enquiry now waits.
 */
export default function EnquirySubmittedPage() {
  const { enquiryId = '' } = useParams();
  const [params] = useSearchParams();
  const title = params.get('title')?.trim();
  const isStaff = useUser()?.userType === 'staff';
  return (
    <Stack maw={640} w="100%" mx="auto" py="lg">
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" color="teal.9" aria-hidden="true">
            <Text fw={700} size="xl" c="white">
              ✓
            </Text>
          </ThemeIcon>
          <Title order={1} size="h2">
            Enquiry submitted
          </Title>
          <Text>
            Thank you
            {title ? (
              <>
                {' '}
                for your interest in <strong>{title}</strong>
              </>
            ) : null}
            . Our travel expert will get in touch with you shortly.
          </Text>
          <Text size="sm">
            Your enquiry id is{' '}
            <Text span fw={700} ff="monospace" data-testid="enquiry-id">
              {enquiryId}
            </Text>
          </Text>
          <Group gap="sm" justify="center" mt="sm">
            <Button component={Link} to={PACKAGES_PATH}>
              Browse more packages
            </Button>
            {isStaff && (
              <Button component={Link} to="/crm" variant="light">
                Go to CRM
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
