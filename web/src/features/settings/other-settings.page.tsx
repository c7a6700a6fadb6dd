import { useState } from 'react';
import {
  Button,
  ColorInput,
  Group,
  Image,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import {
  getSiteSettings,
  MAX_SCRIPT_URLS,
  saveOtherSettings,
  savePolicyPage,
  setPermissionMenu,
  type TOtherSettingsInput,
  type TSiteSettings,
} from '@tp/contracts/endpoints/settings';
import type { PolicyPage } from '@tp/contracts/endpoints/site';
import { detectSite } from '#api/boot.ts';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import SafeHtml from '#shared/SafeHtml.tsx';
import { ServerSwitch } from '#shared/ServerSwitch.tsx';
import { ThemePreview } from './ThemePreview.tsx';
import { SiteImageUpload } from './SiteImageUpload.tsx';

type Values = Omit<TOtherSettingsInput, 'adminContact' | 'gtm_tag'> & { adminContact: string; gtm_tag: string };
type Form = UseFormReturnType<Values>;

const valuesOf = (s: TSiteSettings): Values => ({
  companyName: s.companyName,
  adminContact: s.adminContact,
  adminEmail: s.adminEmail,
  brandingSettings: s.brandingSettings,
  headerHtml: s.headerHtml,
  footerHtml: s.footerHtml,
  gtm_tag: s.gtm_tag,
  scriptUrls: s.scriptUrls,
});

/**
 * /staff/setting/other-settings: what only seed data could set before — company details, logo and favicon,
 * theme colours (previewed live), header and footer html (sanitised on save), lock mode, popup, SSR
 * elements, policy pages, and (super admins) Tag Manager, script URLs and the permission menu.
 */
export default function OtherSettingsPage() {
  const settings = useApi(getSiteSettings, {});
  return (
    <Stack gap="md" maw={880}>
      <Title order={1} size="h2">
        Other Settings
      </Title>
      <AsyncContent
        data={settings.data}
        error={settings.error}
        onRetry={() => void settings.mutate()}
        loadingLabel="Loading settings"
      >
        {(v) => (
          <>
            <BrandImages settings={v} />
            <SettingsForm
              key={JSON.stringify(valuesOf(v))}
              settings={v}
              onSaved={(next) => void settings.mutate(next, { revalidate: false })}
            />
            {v.canEditPermissionMenu && (
              <PermissionMenu
                checked={v.canShowPermissionMenu}
                onSaved={(next) => void settings.mutate(next, { revalidate: false })}
              />
            )}
            <PolicyPages settings={v} onSaved={() => void settings.mutate()} />
          </>
        )}
      </AsyncContent>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function BrandImages({ settings }: { settings: TSiteSettings }) {
  return (
    <Section title="Logo and favicon">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm" fw={500}>
            Logo
          </Text>
          {settings.logoUrl ? (
            <Image src={settings.logoUrl} alt="Current logo" h={48} w="auto" fit="contain" />
          ) : (
            <Text size="sm" c="dimmed">
              No logo: the company name is shown
            </Text>
          )}
          <SiteImageUpload kind="logo" label="Upload logo" />
        </Stack>
        <Stack gap="xs" align="flex-start">
          <Text size="sm" fw={500}>
            Favicon
          </Text>
          {settings.faviconImage ? (
            <Image src={settings.faviconImage} alt="Current favicon" h={32} w={32} fit="contain" />
          ) : (
            <Text size="sm" c="dimmed">
              No favicon
            </Text>
          )}
          <SiteImageUpload kind="favicon" label="Upload favicon" />
        </Stack>
      </SimpleGrid>
    </Section>
  );
}

function SettingsForm({ settings, onSaved }: { settings: TSiteSettings; onSaved: (v: TSiteSettings) => void }) {
  const form: Form = useForm<Values>({
    initialValues: valuesOf(settings),
    validate: schemaResolver(saveOtherSettings.request, { sync: true }),
  });
  const save = useAction(saveOtherSettings, {
    success: 'Setting saved successfully',
    form,
    onSuccess: onSaved,
    // The shell's branding (colours, header, footer, popup) follows at once.
    revalidate: [detectSite],
  });
  const v = form.getValues();
  const b = v.brandingSettings;
  const hasErrors = Object.keys(form.errors).length > 0;

  return (
    <form onSubmit={form.onSubmit((values) => void save.run(values))} noValidate>
      <Stack gap="md">
        <Section title="Company details">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="Company name"
              required
              autoComplete="organization"
              {...form.getInputProps('companyName')}
            />
            <TextInput label="Admin email" required type="email" {...form.getInputProps('adminEmail')} />
            <TextInput label="Admin contact" autoComplete="tel" {...form.getInputProps('adminContact')} />
          </SimpleGrid>
        </Section>

        <Section title="Theme colours">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <ColorInput
              label="Primary colour"
              format="hex"
              eyeDropperButtonProps={{ 'aria-label': 'Pick the primary colour from the screen' }}
              {...form.getInputProps('brandingSettings.theme.palette.primary')}
            />
            <ColorInput
              label="Secondary colour"
              format="hex"
              eyeDropperButtonProps={{ 'aria-label': 'Pick the secondary colour from the screen' }}
              {...form.getInputProps('brandingSettings.theme.palette.secondary')}
            />
          </SimpleGrid>
          <ThemePreview palette={b.theme.palette} companyName={v.companyName} />
        </Section>

        <Section title="Header and footer">
          <Text size="sm" c="dimmed">
            Html shown above and below every page. Scripts, forms, frames and event handlers are removed when you save.
          </Text>
          <HtmlField form={form} path="headerHtml" label="Header html" />
          <HtmlField form={form} path="footerHtml" label="Footer html" />
        </Section>

        <Section title="Lock mode">
          <Switch
            label="Visitors must sign in"
            description="Signed-out visitors of a locked page go to the login page"
            {...form.getInputProps('brandingSettings.lockMode.enabled', { type: 'checkbox' })}
          />
          <TagsInput
            label="Locked pages"
            description="Paths such as /flights; leave empty to lock the whole site"
            disabled={!b.lockMode.enabled}
            clearable
            {...form.getInputProps('brandingSettings.lockMode.lockedRoutes')}
          />
        </Section>

        <Section title="Popup">
          <Switch
            label="Show a popup to visitors"
            {...form.getInputProps('brandingSettings.popupSettings.enabled', { type: 'checkbox' })}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="Popup title" {...form.getInputProps('brandingSettings.popupSettings.title')} />
            <NumberInput
              label="Delay (seconds)"
              min={0}
              max={600}
              clampBehavior="none"
              allowDecimal={false}
              {...form.getInputProps('brandingSettings.popupSettings.delaySeconds')}
            />
          </SimpleGrid>
          <HtmlField form={form} path="brandingSettings.popupSettings.html" label="Popup html" />
        </Section>

        <Section title="Flight extras (SSR)">
          <Text size="sm" c="dimmed">
            Extra services offered while booking a flight.
          </Text>
          <Group gap="lg">
            <Switch
              label="Baggage"
              {...form.getInputProps('brandingSettings.ssrElements.baggage', { type: 'checkbox' })}
            />
            <Switch label="Meals" {...form.getInputProps('brandingSettings.ssrElements.meal', { type: 'checkbox' })} />
            <Switch label="Seats" {...form.getInputProps('brandingSettings.ssrElements.seat', { type: 'checkbox' })} />
          </Group>
        </Section>

        <Section title="Tag Manager and scripts">
          <Text size="sm" c="dimmed">
            {settings.canEditScripts
              ? 'Loaded on public pages only, never on signed-in screens. Each change is recorded in the audit log.'
              : 'Only a super admin can change these. They load on public pages only, never on signed-in screens.'}
          </Text>
          <TextInput
            label="Google Tag Manager id"
            placeholder="GTM-XXXXXXX"
            autoCapitalize="characters"
            spellCheck={false}
            readOnly={!settings.canEditScripts}
            {...form.getInputProps('gtm_tag')}
          />
          <TagsInput
            label="Script URLs"
            description={`https addresses, at most ${MAX_SCRIPT_URLS}; press Enter after each`}
            maxTags={MAX_SCRIPT_URLS}
            clearable={settings.canEditScripts}
            readOnly={!settings.canEditScripts}
            {...form.getInputProps('scriptUrls')}
            error={scriptErrors(form)}
          />
        </Section>

        {hasErrors && (
          <Text c="red.9" size="sm" role="alert">
            Please correct the highlighted fields.
          </Text>
        )}
        <Group>
          <Button type="submit" loading={save.busy}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A script URL's own error (`scriptUrls.N`) shown on the one field. */
function scriptErrors(form: Form): string | undefined {
  const own = form.errors.scriptUrls;
  if (own) return String(own);
  const first = Object.entries(form.errors).find(([k]) => k.startsWith('scriptUrls.'));
  return first ? `${String(first[1])} (${form.getValues().scriptUrls[Number(first[0].split('.')[1])]})` : undefined;
}

function HtmlField({
  form,
  path,
  label,
}: {
  form: Form;
  path: 'headerHtml' | 'footerHtml' | 'brandingSettings.popupSettings.html';
  label: string;
}) {
  const [preview, setPreview] = useState(false);
  const value =
    path === 'brandingSettings.popupSettings.html'
      ? form.getValues().brandingSettings.popupSettings.html
      : form.getValues()[path];
  return (
    <Stack gap={4}>
      <Textarea
        label={label}
        resize="vertical"
        rows={2}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        {...form.getInputProps(path)}
      />
      <Group gap="xs">
        <Button size="compact-xs" variant="subtle" onClick={() => setPreview((p) => !p)} aria-expanded={preview}>
          {preview ? 'Hide preview' : 'Preview'}
        </Button>
      </Group>
      {preview && (
        <Paper withBorder p="xs" aria-label={`${label} preview`}>
          {value.trim() ? (
            <SafeHtml html={value} />
          ) : (
            <Text size="sm" c="dimmed">
              Empty
            </Text>
          )}
        </Paper>
      )}
    </Stack>
  );
}

function PermissionMenu({ checked, onSaved }: { checked: boolean; onSaved: (v: TSiteSettings) => void }) {
  // The menus read the flag from the branding answer: it is read again after the change.
  const save = useAction(setPermissionMenu, {
    success: 'Setting saved successfully',
    onSuccess: onSaved,
    revalidate: [detectSite],
  });
  return (
    <Section title="Permission menu">
      <ServerSwitch
        label="Show the User Permissions menu on this site"
        description="Only super admins can change this"
        checked={checked}
        onChange={(next) => save.run({ canShowPermissionMenu: next })}
      />
    </Section>
  );
}

function PolicyPages({ settings, onSaved }: { settings: TSiteSettings; onSaved: () => void }) {
  const [page, setPage] = useState<PolicyPage>(settings.policies[0]!.page);
  const current = settings.policies.find((p) => p.page === page)!;
  return (
    <Section title="Policy pages">
      <Select
        label="Page"
        data={settings.policies.map((p) => ({ value: p.page, label: p.title }))}
        value={page}
        onChange={(v) => v && setPage(v as PolicyPage)}
        allowDeselect={false}
      />
      <PolicyForm key={`${page}:${current.updatedAt}`} policy={current} onSaved={onSaved} />
    </Section>
  );
}

function PolicyForm({ policy, onSaved }: { policy: TSiteSettings['policies'][number]; onSaved: () => void }) {
  const form = useForm({
    initialValues: { page: policy.page, title: policy.title, html: policy.html },
    validate: schemaResolver(savePolicyPage.request, { sync: true }),
  });
  const save = useAction(savePolicyPage, { success: 'Setting saved successfully', form, onSuccess: onSaved });
  return (
    <form onSubmit={form.onSubmit((v) => void save.run(v))} noValidate>
      <Stack gap="sm">
        <TextInput label="Title" {...form.getInputProps('title')} />
        <Textarea
          label="Content (html)"
          resize="vertical"
          rows={4}
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('html')}
        />
        <Group>
          <Button type="submit" variant="default" loading={save.busy}>
            Save page
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
