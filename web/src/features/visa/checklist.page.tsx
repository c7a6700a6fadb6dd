import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { getVisaCategory, getVisaChecklist, type TVisaChecklist } from '@tp/contracts/endpoints/visa';
import * as MSG from '@tp/contracts/messages';
import { useApi } from '#api/hooks.ts';
import { formatDate, formatMoney } from '#shared/format.ts';
import { PageLoader } from '#shared/PageLoader.tsx';
import SafeHtml from '#shared/SafeHtml.tsx';
import { absoluteUrl, countryPath, VISA_HOME } from './links.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { checklistFor, initialNationality, NATIONALITY_OPTIONS } from './nationality.ts';
import { ShareLinks } from './ShareLinks.tsx';
import { VisaEnquiry } from './VisaEnquiry.tsx';
import { VisaHeader } from './VisaHeader.tsx';

/** "tourist-visa-30-days" → "Tourist visa 30 days": the link's words while the category's own name loads. */
const fromSlug = (slug: string) => {
  const words = slug.replace(/-+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Visa';
};

function Checklist({ lists, title }: { lists: TVisaChecklist[]; title: string }) {
  const [params, setParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const [nationality, setNationality] = useState(() => initialNationality(lists, params.get('nationality')));
  const shown = checklistFor(lists, nationality);
  const choose = (code: string | null) => {
    if (!code) return;
    setNationality(code);
    // In the address too, so a copied or shared link opens the same nationality.
    setParams((p) => (p.set('nationality', code), p), { replace: true });
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <Select
          label="Your nationality"
          data={NATIONALITY_OPTIONS}
          value={nationality}
          onChange={choose}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No such country"
          w={{ base: '100%', xs: 280 }}
        />
        <ShareLinks url={absoluteUrl(`${pathname}${search}`)} title={title} />
      </Group>
      {shown ? (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Checklist">
          <Text size="sm" c="dimmed" mb="xs">
            {shown.nationality_countryId
              ? `For ${shown.nationality_countryId.countryName} passport holders`
              : 'For passport holders of every other nationality'}
            {` · updated ${formatDate(shown.updatedAt)}`}
          </Text>
          <SafeHtml html={shown.html} className="visa-checklist" />
          {shown.fee > 0 && (
            <Group justify="space-between" mt="md" gap="sm" wrap="wrap">
              <Text size="sm">
                Apply online: visa fee {formatMoney(shown.fee, 'INR')} per traveller, plus our service charge.
              </Text>
              <Button
                component={Link}
                to={`/visa-applications/new/${encodeURIComponent(shown.categoryId)}?nationality=${nationality}`}
              >
                Apply online
              </Button>
            </Group>
          )}
        </Paper>
      ) : (
        <Text c="dimmed" ta="center" py="lg">
          {MSG.noChecklist}
        </Text>
      )}
    </Stack>
  );
}

/**
 * /visa/:country/:category/:categoryId (spec 001 §2): a category's checklist by nationality, IN preferred
 * (`visa/getVisaChecklist`), with WhatsApp share and copy link ('Copied to clipboard'). No checklist at all reads
 * 'No checklist found for this category'; a failed call 'Could not fetch visa checklist'. Visitors can send the
 * site a visa enquiry about the category (the enquiries feature's form).
 */
export default function VisaChecklistPage() {
  const { country = '', category = '', categoryId = '' } = useParams();
  const lists = useApi(getVisaChecklist, { categoryId }, { call: { handling: 'navigation' } });
  // The category's name and line: the categories page's read, usually cached already.
  const categories = useApi(getVisaCategory, { countryName: country }, { call: { handling: 'none' } });
  const info = categories.data?.find((c) => c._id === categoryId);
  const title = info?.visaCategory ?? fromSlug(category);
  const countryName = info?.countryName ?? categories.data?.[0]?.countryName ?? country;
  const heading = `${countryName} – ${title}`;

  return (
    <Stack gap="lg" maw={960} w="100%" mx="auto">
      <VisaHeader
        crumbs={[
          { label: 'Visas', to: VISA_HOME },
          { label: countryName, to: countryPath(info?.countryId ?? country) },
          { label: title },
        ]}
        title={heading}
        intro={info?.summary}
      />
      {lists.error ? (
        <LoadFailed message={MSG.visaChecklistFailed} onRetry={() => void lists.mutate()} />
      ) : !lists.data ? (
        <PageLoader />
      ) : lists.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {MSG.noChecklist}
        </Text>
      ) : (
        <Checklist lists={lists.data} title={`${heading} visa checklist`} />
      )}
      {/* A category that exists (even without a checklist yet) can be asked about. */}
      {lists.data && <VisaEnquiry categoryId={categoryId} title={heading.slice(0, 100)} />}
    </Stack>
  );
}
