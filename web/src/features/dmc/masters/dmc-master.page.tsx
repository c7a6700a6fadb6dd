import type { ReactNode } from 'react';
import { Tabs } from '@mantine/core';
import { DmcPage } from '../shared/page.tsx';
import { useTab } from '../shared/tabs.ts';
import { AccommodationsSection } from './accommodations.tsx';
import { ActivitiesSection } from './activities.tsx';
import { DriversSection, LocationsSection } from './drivers-locations.tsx';
import { MarketsSection } from './markets.tsx';
import { TourOptionsSection } from './tour-options.tsx';

const SECTIONS = {
  markets: { label: 'Markets', Section: MarketsSection },
  accommodations: { label: 'Accommodations', Section: AccommodationsSection },
  activities: { label: 'Activities', Section: ActivitiesSection },
  'tour-options': { label: 'Tour options', Section: TourOptionsSection },
  drivers: { label: 'Drivers', Section: DriversSection },
  locations: { label: 'Locations', Section: LocationsSection },
} satisfies Record<string, { label: string; Section: () => ReactNode }>;
type Section = keyof typeof SECTIONS;
const TABS = Object.keys(SECTIONS) as Section[];

/** /staff/dmc_master (spec 001 §2): the masters a DMC keeps before it can quote, one tab each. */
export default function DmcMasterPage() {
  const [tab, select] = useTab(TABS);
  return (
    <DmcPage title="DMC Master" permission="dmc.masters">
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {SECTIONS[t].label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((t) => {
          const { Section } = SECTIONS[t];
          return (
            <Tabs.Panel key={t} value={t} pt="md">
              <Section />
            </Tabs.Panel>
          );
        })}
      </Tabs>
    </DmcPage>
  );
}
