import { Anchor, Badge, Button, Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import {
  PACKAGE_MSG,
  addPackageImage,
  deletePackageImage,
  getPackage,
  listPackages,
  orderPackageImages,
  staffGetPackage,
  type TPackage,
} from '@tp/contracts/endpoints/packages';
import { MAX_PACKAGE_IMAGES } from '@tp/domain/packages';
import { useSWRConfig } from 'swr';
import { useAction } from '#api/action.ts';
import { apiKey, useApi } from '#api/hooks.ts';
import { ActionButton } from '#shared/ActionButton.tsx';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { ImageUploadButton } from '#shared/ImageUploadButton.tsx';
import { STAFF_LIST_PATH, editorPath, packagePath } from './links.ts';
import { StaffGate } from './StaffGate.tsx';

/** Package photos are resized in the browser to this longest side (enough for the detail page's hero). */
const PHOTO_SIDE = 1600;

function ImageManager({ p }: { p: TPackage }) {
  const { mutate } = useSWRConfig();
  // Every change answers the package: it becomes this screen's data at once; travellers' reads refresh.
  const options = (success: string) => ({
    success,
    revalidate: [listPackages, getPackage],
    onSuccess: (next: TPackage) => mutate(apiKey(staffGetPackage, { id: p.id }), next, { revalidate: false }),
  });
  const add = useAction(addPackageImage, options(PACKAGE_MSG.imageAdded));
  const order = useAction(orderPackageImages, options(PACKAGE_MSG.imagesOrdered));
  const remove = useAction(deletePackageImage, options(PACKAGE_MSG.imageDeleted));
  const keys = p.images.map((i) => i.key);
  const move = (from: number, to: number) => {
    const next = [...keys];
    const [key] = next.splice(from, 1);
    next.splice(to, 0, key!);
    void order.run({ id: p.id, keys: next });
  };
  const full = p.images.length >= MAX_PACKAGE_IMAGES;

  return (
    <Stack gap="md">
      <Group gap="sm" justify="space-between">
        <Stack gap={2}>
          <Anchor component={Link} to={packagePath(p)} fw={600}>
            {p.title}
          </Anchor>
          <Text size="sm" c="dimmed">
            {p.images.length} of {MAX_PACKAGE_IMAGES} pictures · the first is the cover
          </Text>
        </Stack>
        <ImageUploadButton
          maxSide={PHOTO_SIDE}
          multiple
          disabled={full}
          onImage={(image) => add.run({ id: p.id, image, caption: '' })}
        >
          Upload pictures
        </ImageUploadButton>
      </Group>
      {p.images.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          No pictures yet. Upload JPEG, PNG or WebP photos; they are resized before they are sent.
        </Text>
      ) : (
        <SimpleGrid
          component="ol"
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="md"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {p.images.map((img, i) => (
            <Card component="li" key={img.key} withBorder radius="md" padding="sm">
              <Card.Section>
                <Image src={img.url} alt={img.caption} h={160} fit="cover" />
              </Card.Section>
              <Group justify="space-between" mt="xs" gap="xs">
                <Text size="sm" fw={500} lineClamp={1} style={{ flex: 1 }}>
                  {i + 1}. {img.caption}
                </Text>
                {i === 0 && (
                  <Badge size="sm" variant="light">
                    Cover
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {img.width} × {img.height} px · {Math.round(img.bytes / 1024)} KB
              </Text>
              <Group gap={4} mt="xs">
                <Button
                  size="xs"
                  variant="default"
                  disabled={i === 0 || order.busy}
                  aria-label={`Move picture ${i + 1} earlier`}
                  onClick={() => move(i, i - 1)}
                >
                  ↑ Earlier
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={i === p.images.length - 1 || order.busy}
                  aria-label={`Move picture ${i + 1} later`}
                  onClick={() => move(i, i + 1)}
                >
                  ↓ Later
                </Button>
                <ActionButton
                  label="Delete"
                  subject={`picture ${i + 1}`}
                  color="red"
                  variant="light"
                  confirm="The picture is removed from the package and deleted."
                  run={() => remove.run({ id: p.id, key: img.key })}
                />
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** /user/package/manage_package_images/:_id: upload, order and delete a package's pictures (staff, packages.manage). */
export default function PackageImagesPage() {
  const { _id: id = '' } = useParams();
  const pkg = useApi(staffGetPackage, { id });
  return (
    <StaffGate
      title="Package images"
      actions={
        <Group gap="xs">
          <Button variant="default" component={Link} to={editorPath(id)}>
            Edit package
          </Button>
          <Button variant="default" component={Link} to={STAFF_LIST_PATH}>
            All packages
          </Button>
        </Group>
      }
    >
      <AsyncContent
        data={pkg.data}
        error={pkg.error}
        onRetry={() => void pkg.mutate()}
        loadingLabel="Loading the package"
      >
        {(p) => <ImageManager p={p} />}
      </AsyncContent>
    </StaffGate>
  );
}
