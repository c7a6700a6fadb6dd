import { Alert, Button, Group, Image, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { getSeoSettings, saveSeoSettings, SEO_PAGES } from '@tp/contracts/endpoints/settings';
import { detectSite } from '#api/boot.ts';
import type { TSeoEntry } from '@tp/contracts/endpoints/site';
import { useState } from 'react';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { useSite, brandName } from '#shared/site.tsx';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { SiteImageUpload } from './SiteImageUpload.tsx';

const PAGE_OPTIONS = SEO_PAGES.map((p) => ({ value: p.path, label: `${p.title} (${p.path})` }));
const empty = (page: string): TSeoEntry => ({ page, title: '', description: '', keywords: '', image: '' });

/** One entry per page, in SEO_PAGES order, so the server's `entries.N.field` errors are the form's own paths. */
const valuesOf = (stored: TSeoEntry[]) => ({
  entries: SEO_PAGES.map((p) => stored.find((e) => e.page === p.path) ?? empty(p.path)),
});
type Values = ReturnType<typeof valuesOf>;

/** /staff/setting/seo-settings: title, description, keywords and social image per page, set in the page head. */
export default function SeoSettingsPage() {
  const seo = useApi(getSeoSettings, {});
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        SEO Settings
      </Title>
      <AsyncContent
        data={seo.data}
        error={seo.error}
        onRetry={() => void seo.mutate()}
        loadingLabel="Loading SEO settings"
      >
        {(v) => (
          <SeoForm
            key={JSON.stringify(v)}
            stored={v.entries}
            onSaved={(next) => void seo.mutate(next, { revalidate: false })}
          />
        )}
      </AsyncContent>
    </Stack>
  );
}

function SeoForm({ stored, onSaved }: { stored: TSeoEntry[]; onSaved: (v: { entries: TSeoEntry[] }) => void }) {
  const site = useSite();
  const [page, setPage] = useState(SEO_PAGES[0]!.path);
  const form = useForm<Values>({
    initialValues: valuesOf(stored),
    validate: schemaResolver(saveSeoSettings.request, { sync: true }),
  });
  const save = useAction(saveSeoSettings, {
    success: 'setting saved successfully',
    form,
    onSuccess: onSaved,
    // The page head reads the site's SEO from the branding answer.
    revalidate: [detectSite],
  });
  const index = SEO_PAGES.findIndex((p) => p.path === page);
  const entry = form.getValues().entries[index]!;
  const pagesWithErrors = SEO_PAGES.filter((_, i) =>
    Object.keys(form.errors).some((k) => k.startsWith(`entries.${i}.`)),
  ).map((p) => p.title);
  const configured = new Set(stored.map((e) => e.page));

  return (
    <form onSubmit={form.onSubmit((values) => void save.run(values))} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Each page's browser title, search-result description, keywords and the image shown when the page is shared.
          Empty fields keep the app's defaults.
        </Text>
        <Select
          label="Page"
          data={PAGE_OPTIONS.map((o) => ({ ...o, label: configured.has(o.value) ? `${o.label} ✓` : o.label }))}
          value={page}
          onChange={(v) => v && setPage(v)}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No page found"
        />
        {pagesWithErrors.length > 0 && (
          <Alert color="red" title="Please check">
            {pagesWithErrors.join(', ')}
          </Alert>
        )}
        <Paper withBorder p="md">
          <Stack gap="sm" key={page}>
            <TextInput
              label="Title"
              description={`${entry.title.length}/70 characters; shown as "title | ${brandName(site)}"`}
              maxLength={70}
              {...form.getInputProps(`entries.${index}.title`)}
            />
            <Textarea
              label="Description"
              description={`${entry.description.length}/300 characters; search engines show about 160`}
              resize="vertical"
              rows={2}
              maxLength={300}
              {...form.getInputProps(`entries.${index}.description`)}
            />
            <TextInput
              label="Keywords"
              description="Comma separated"
              maxLength={300}
              {...form.getInputProps(`entries.${index}.keywords`)}
            />
            <Group align="flex-end" wrap="wrap" gap="sm">
              <TextInput
                label="Social image"
                description="https address or an uploaded image (1200×630 works everywhere)"
                style={{ flex: 1, minWidth: 220 }}
                {...form.getInputProps(`entries.${index}.image`)}
              />
              <SiteImageUpload
                kind="social"
                label="Upload image"
                onUploaded={(url) => form.setFieldValue(`entries.${index}.image`, url)}
              />
            </Group>
            {entry.image && <Image src={entry.image} alt="Social image preview" maw={300} radius="sm" />}
            <SearchPreview entry={entry} brand={brandName(site)} domain={site?.domain ?? ''} />
          </Stack>
        </Paper>
        <Group>
          <Button type="submit" loading={save.busy}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** How a search result would read. */
function SearchPreview({ entry, brand, domain }: { entry: TSeoEntry; brand: string; domain: string }) {
  const title = SEO_PAGES.find((p) => p.path === entry.page)?.title ?? '';
  return (
    <Paper bg="gray.0" p="sm" radius="sm" aria-label="Search result preview" role="group">
      <Text size="xs" c="dimmed">
        {domain}
        {entry.page}
      </Text>
      <Text size="md" c="blue.9" fw={500}>
        {(entry.title || title) + ' | ' + brand}
      </Text>
      <Text size="sm" c="gray.8" lineClamp={2}>
        {entry.description || 'No description: search engines pick text from the page.'}
      </Text>
    </Paper>
  );
}
