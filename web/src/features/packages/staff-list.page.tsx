import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import {
  PACKAGE_MSG,
  deletePackage,
  getPackage,
  listPackages,
  staffListPackages,
  type TPackageRow,
} from '@tp/contracts/endpoints/packages';
import { durationLabel } from '@tp/domain/packages';
import { useAction } from '#api/action.ts';
import { ActionButton } from '#shared/ActionButton.tsx';
import { DataTable, type Column } from '#shared/DataTable.tsx';
import { formatDate, formatMoney } from '#shared/format.ts';
import { editorPath, imagesPath, packagePath } from './links.ts';
import { useCursorList } from '#shared/cursor-pages.tsx';
import { StaffGate } from './StaffGate.tsx';

function PackageTable() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useCursorList(staffListPackages, { ...(debounced ? { search: debounced } : {}), limit: 20 });
  const remove = useAction(deletePackage, {
    success: PACKAGE_MSG.deleted,
    revalidate: [listPackages, getPackage],
    onSuccess: () => list.reload(),
  });
  const columns: Column<TPackageRow>[] = [
    {
      key: 'title',
      header: 'Package',
      render: (p) => (
        <Anchor component={Link} to={packagePath(p)} fw={600}>
          {p.title}
        </Anchor>
      ),
    },
    { key: 'destination', header: 'Destination', render: (p) => p.destination },
    { key: 'duration', header: 'Duration', render: (p) => durationLabel(p.days, p.nights), nowrap: true },
    { key: 'price', header: 'Price from', render: (p) => formatMoney(p.price, p.currency), nowrap: true },
    {
      key: 'status',
      header: 'Status',
      render: (p) => (
        <Group gap={4}>
          <Badge color={p.isActive ? 'teal' : 'gray'} variant="light">
            {p.isActive ? 'Active' : 'Hidden'}
          </Badge>
          {p.forSupply && (
            <Badge color="grape" variant="light">
              For supply
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'images', header: 'Images', render: (p) => p.imageCount },
    { key: 'updated', header: 'Updated', render: (p) => formatDate(p.updatedAt), nowrap: true },
    {
      key: 'actions',
      header: 'Actions',
      render: (p) => (
        <Group gap={4} wrap="nowrap">
          <Button size="xs" variant="light" component={Link} to={editorPath(p.id)} aria-label={`Edit ${p.title}`}>
            Edit
          </Button>
          <Button size="xs" variant="light" component={Link} to={imagesPath(p.id)} aria-label={`Images of ${p.title}`}>
            Images
          </Button>
          <ActionButton
            label="Delete"
            subject={p.title}
            color="red"
            variant="light"
            confirm="The package and its pictures are deleted for good; travellers can no longer open it."
            run={() => remove.run({ id: p.id, version: p.version })}
          />
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="sm">
      <TextInput
        label="Search"
        placeholder="Title or destination"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={360}
      />
      <DataTable
        label="Tour packages"
        rows={list.records as TPackageRow[] | undefined}
        columns={columns}
        rowKey={(p) => p.id}
        loading={list.records === undefined}
        empty={debounced ? 'No package matches this search.' : 'No packages yet. Create the first one.'}
        minWidth={960}
      />
      {list.hasMore && (
        <Button variant="light" onClick={list.more} loading={list.loadingMore} style={{ alignSelf: 'center' }}>
          Show more
        </Button>
      )}
    </Stack>
  );
}

/** /staff/tour_package/list_all_packages: the site's own packages, hidden ones too, with edit, pictures and delete. */
export default function StaffPackagesPage() {
  return (
    <StaffGate
      title="Tour Packages"
      intro="Packages your travellers and agents see under Tour packages. Mark one for supply to offer it to your consumer sites."
      actions={
        <Button component={Link} to={editorPath()}>
          New package
        </Button>
      }
    >
      <PackageTable />
    </StaffGate>
  );
}
