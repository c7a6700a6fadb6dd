import { useState } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { getVisaChecklist } from '@tp/contracts/endpoints/visa';
import { MAX_VISA_TRAVELLERS, startVisaApplication } from '@tp/contracts/endpoints/visa-applications';
import * as MSG from '@tp/contracts/messages';
import { useApi } from '#api/hooks.ts';
import { DateField } from '#shared/DateField.tsx';
import { useEndpointForm } from '#shared/form.ts';
import { formatMoney } from '#shared/format.ts';
import { PageLoader } from '#shared/PageLoader.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { VISA_HOME } from './links.ts';
import { checklistFor, NATIONALITY_OPTIONS } from './nationality.ts';
import { VisaHeader } from './VisaHeader.tsx';

const blankTraveller = () => ({ firstName: '', lastName: '', passportNumber: '', passportExpiry: '', dateOfBirth: '' });
type Traveller = ReturnType<typeof blankTraveller>;

/** One key per visit of the form: a double submit or a retry answers the same application. */
const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * /visa-applications/new/:categoryId (ours): the travellers of a visa application (nationality, passports, travel
 * dates). The fee per traveller comes from the checklist of the chosen nationality; the server prices it with the
 * site's markup. Starting leads to the application, where its documents are uploaded and the fee paid.
 */
export default function VisaApplyPage() {
  const { categoryId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const lists = useApi(getVisaChecklist, { categoryId }, { call: { handling: 'navigation' } });
  const [key] = useState(newKey);
  const { form, submit, busy } = useEndpointForm({
    endpoint: startVisaApplication,
    initialValues: {
      nationality: params.get('nationality') ?? 'IN',
      travelFrom: '',
      travelTo: '',
      travellers: [blankTraveller()] as Traveller[],
    },
    toRequest: (v) => ({ ...v, categoryId, idempotencyKey: key }),
    success: 'Application started',
    onSuccess: (app) => navigate(`/visa-applications/${app.id}`, { replace: true }),
  });
  const nationality = form.values.nationality;
  const checklist = lists.data ? checklistFor(lists.data, nationality) : null;
  const fee = checklist?.fee ?? 0;
  const travellers = form.values.travellers;

  return (
    <Stack gap="lg" maw={900} w="100%" mx="auto">
      <VisaHeader
        crumbs={[
          { label: 'Visas', to: VISA_HOME },
          { label: 'Visa applications', to: '/visa-applications' },
          { label: 'Apply' },
        ]}
        title="Apply for a visa"
        intro="Tell us who travels and when. Next you upload each traveller's documents and pay the fee."
      />
      {lists.error ? (
        <LoadFailed message={MSG.visaChecklistFailed} onRetry={() => void lists.mutate()} />
      ) : !lists.data ? (
        <PageLoader />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Paper withBorder radius="md" p="md">
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <Select
                  label="Nationality"
                  data={NATIONALITY_OPTIONS}
                  searchable
                  allowDeselect={false}
                  required
                  {...form.getInputProps('nationality')}
                />
                <DateField label="Travel from" required {...form.getInputProps('travelFrom')} />
                <DateField label="Travel until" required {...form.getInputProps('travelTo')} />
              </SimpleGrid>
              <Text size="sm" mt="sm" c={fee > 0 ? undefined : 'red'} role="status">
                {fee > 0
                  ? `Visa fee ${formatMoney(fee, 'INR')} per traveller, plus our service charge.`
                  : 'This visa cannot be applied for online for this nationality; send us an enquiry from its checklist.'}
              </Text>
            </Paper>
            {travellers.map((_, i) => (
              <Paper key={i} withBorder radius="md" p="md" m={0} component="fieldset" aria-label={`Traveller ${i + 1}`}>
                <Group justify="space-between" mb="xs">
                  <Title order={2} size="h5">
                    Traveller {i + 1}
                  </Title>
                  {travellers.length > 1 && (
                    <Button size="xs" variant="subtle" color="red" onClick={() => form.removeListItem('travellers', i)}>
                      Remove traveller {i + 1}
                    </Button>
                  )}
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
                  <TextInput label="First name" required {...form.getInputProps(`travellers.${i}.firstName`)} />
                  <TextInput label="Last name" required {...form.getInputProps(`travellers.${i}.lastName`)} />
                  <DateField label="Date of birth" required {...form.getInputProps(`travellers.${i}.dateOfBirth`)} />
                  <TextInput
                    label="Passport number"
                    required
                    autoComplete="off"
                    {...form.getInputProps(`travellers.${i}.passportNumber`)}
                  />
                  <DateField
                    label="Passport valid until"
                    required
                    {...form.getInputProps(`travellers.${i}.passportExpiry`)}
                  />
                </SimpleGrid>
              </Paper>
            ))}
            <Group justify="space-between">
              <Button
                variant="default"
                disabled={travellers.length >= MAX_VISA_TRAVELLERS}
                onClick={() => form.insertListItem('travellers', blankTraveller())}
              >
                Add a traveller
              </Button>
              <Button type="submit" loading={busy} disabled={!(fee > 0)}>
                Start application
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
