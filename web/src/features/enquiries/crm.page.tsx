import { useEffect } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { crmHref } from '#lib/redirects.ts';
import { useSite } from '#shared/site.tsx';
import { leaveApp } from '#api/navigation.ts';
import { PageLoader } from '#shared/PageLoader.tsx';
import { usePermissionState, useUser } from '#lib/state.ts';
import { usePermission } from '#shared/usePermission.ts';
import { EnquiryDrawer } from './EnquiryDrawer.tsx';
import { EnquiryInbox } from './EnquiryInbox.tsx';
import { MyEnquiries } from './MyEnquiries.tsx';

/** Staff who work enquiries: the inbox, with `?enquiry=<id>` (the new-enquiry mail's link) open in the drawer. */
function Inbox() {
  const [params, setParams] = useSearchParams();
  const open = params.get('enquiry');
  return (
    <>
      <EnquiryInbox onOpen={(id) => setParams({ enquiry: id })} />
      <EnquiryDrawer id={open} onClose={() => setParams({}, { replace: true })} />
    </>
  );
}

/**
 * /crm (spec 000: the CRM entry of the menus). A site with a core site keeps its CRM there (we leave for it);
 * otherwise this is our CRM: the enquiry inbox for staff with `enquiries.manage`, and for everyone else the
 * enquiries they sent.
 */
export default function CrmPage() {
  const href = crmHref(useSite());
  const user = useUser();
  const permissions = usePermissionState();
  const works = usePermission('enquiries.manage');
  useEffect(() => {
    if (href) leaveApp(href);
  }, [href]);
  // Staff wait for their permissions, so the inbox is never swapped for the personal list mid-load.
  if (href || (user?.userType === 'staff' && !permissions)) return <PageLoader />;
  const inbox = user?.userType === 'staff' && works;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {inbox ? 'CRM: enquiries' : 'My enquiries'}
        </Title>
        {inbox && (
          <Text c="dimmed" size="sm">
            Enquiries visitors sent about tour packages, visas and anything else. Open one to follow it up.
          </Text>
        )}
      </div>
      {inbox ? <Inbox /> : <MyEnquiries />}
    </Stack>
  );
}
