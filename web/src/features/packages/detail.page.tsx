import {
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { getPackage, type TPackage } from '@tp/contracts/endpoints/packages';
import { durationLabel } from '@tp/domain/packages';
import { useApi } from '#api/hooks.ts';
import { EnquiryForm } from '#features/enquiries/index.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { formatMoney } from '#shared/format.ts';
import { absoluteUrl } from '#shared/share.ts';
import { ShareLinks } from '#shared/ShareLinks.tsx';
import { useUser } from '#lib/state.ts';
import { usePermission } from '#shared/usePermission.ts';
import { Gallery } from './Gallery.tsx';
import { PACKAGES_PATH, editorPath, enquirySubmittedPath, imagesPath, packagePath } from './links.ts';
import { MANAGE } from './StaffGate.tsx';

const ENQUIRY_ID = 'package-enquiry';

function Points({ title, items, mark, color }: { title: string; items: string[]; mark: string; color: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          None listed.
        </Text>
      ) : (
        <List
          spacing={4}
          size="sm"
          icon={
            <Text span c={color} fw={700} aria-hidden="true">
              {mark}
            </Text>
          }
        >
          {items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}

function PackageView({ p }: { p: TPackage }) {
  const navigate = useNavigate();
  const isStaff = useUser()?.userType === 'staff';
  // Only the owning site's staff keep a package (a supplier's is read-only here).
  const canManage = usePermission(MANAGE) && isStaff && p.supplierName === null;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Anchor component={Link} to={PACKAGES_PATH} size="sm">
              ← All packages
            </Anchor>
            <Group gap="xs">
              <Text size="sm" c="dimmed" fw={600} tt="uppercase">
                {p.destination}
              </Text>
              {p.supplierName && (
                <Badge variant="light" color="grape">
                  By {p.supplierName}
                </Badge>
              )}
            </Group>
            <Title order={1} size="h2">
              {p.title}
            </Title>
            <Text>{durationLabel(p.days, p.nights)}</Text>
            <ShareLinks url={absoluteUrl(packagePath(p))} title={p.title} size="xs" />
            {/* Small screens put the price panel and the form last: the price and a way to them come first. */}
            <Group hiddenFrom="md" gap="xs">
              <Text fw={700}>From {formatMoney(p.price, p.currency)}</Text>
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => document.getElementById(ENQUIRY_ID)?.scrollIntoView({ behavior: 'smooth' })}
              >
                Send an enquiry
              </Anchor>
            </Group>
          </Stack>
          <Gallery images={p.images} title={p.title} />
          {p.overview && <Text style={{ whiteSpace: 'pre-line' }}>{p.overview}</Text>}
          <section aria-labelledby="itinerary-title">
            <Title order={2} size="h3" id="itinerary-title" mb="sm">
              Itinerary
            </Title>
            <Timeline active={p.itinerary.length} bulletSize={28} lineWidth={2}>
              {p.itinerary.map((d) => (
                <Timeline.Item
                  key={d.day}
                  bullet={
                    <Text size="xs" fw={700}>
                      {d.day}
                    </Text>
                  }
                  title={
                    <Text fw={600}>
                      Day {d.day}: {d.title}
                    </Text>
                  }
                >
                  {d.description && (
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                      {d.description}
                    </Text>
                  )}
                </Timeline.Item>
              ))}
            </Timeline>
          </section>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Points title="Inclusions" items={p.inclusions} mark="✓" color="teal.9" />
            <Points title="Exclusions" items={p.exclusions} mark="✕" color="red.9" />
          </SimpleGrid>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md" style={{ position: 'sticky', top: 16 }}>
          <Paper withBorder radius="md" p="md">
            <Text size="sm" c="dimmed">
              Price from
            </Text>
            <Text fw={700} size="xl">
              {formatMoney(p.price, p.currency)}
            </Text>
            <Text size="sm" c="dimmed">
              {p.priceBasis}
            </Text>
            {canManage && (
              <Group gap="xs" mt="sm">
                <Button size="xs" variant="light" component={Link} to={editorPath(p.id)}>
                  Edit package
                </Button>
                <Button size="xs" variant="light" component={Link} to={imagesPath(p.id)}>
                  Manage images
                </Button>
              </Group>
            )}
          </Paper>
          <Paper withBorder radius="md" p="md" id={ENQUIRY_ID}>
            <Title order={2} size="h4" mb="sm">
              Send an enquiry
            </Title>
            <EnquiryForm
              kind="package"
              subjectId={p.id}
              subjectTitle={p.title}
              onSubmitted={(enquiryId) => navigate(enquirySubmittedPath(enquiryId, p.title))}
            />
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** /packages/:packageName/:_id (login): one package day by day, its inclusions, price, pictures and the enquiry form. */
export default function PackageDetailPage() {
  const { _id: id = '' } = useParams();
  const pkg = useApi(getPackage, { id });
  return (
    <Stack maw={1200} w="100%" mx="auto">
      <AsyncContent
        data={pkg.data}
        error={pkg.error}
        onRetry={() => void pkg.mutate()}
        loadingLabel="Loading the package"
      >
        {(p) => <PackageView p={p} />}
      </AsyncContent>
    </Stack>
  );
}
