import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { EnquiryForm } from '#features/enquiries/index.ts';

/**
 * "Need help with this visa?": a visitor sends the site a visa enquiry about this category (the enquiries feature's
 * form; staff work it in their enquiry inbox). Shown folded, so the checklist stays the page's subject.
 */
export function VisaEnquiry({ categoryId, title }: { categoryId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const formBox = useRef<HTMLDivElement>(null);
  // The button that opened the form is gone: keyboard focus moves to the form's first field.
  useEffect(() => {
    if (open) formBox.current?.querySelector<HTMLElement>('input, textarea')?.focus();
  }, [open]);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="visa-enquiry">
      <Stack gap="sm">
        <Title order={2} size="h4" id="visa-enquiry">
          Need help with this visa?
        </Title>
        {sent ? (
          <Alert color="teal" variant="light" role="status" title="Enquiry sent">
            Our visa desk will contact you soon. Your reference: <strong>{sent}</strong>
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Send us your travel dates and we will check the documents with you and apply on your behalf.
            </Text>
            {open ? (
              <div ref={formBox}>
                <EnquiryForm kind="visa" subjectId={categoryId} subjectTitle={title} onSubmitted={setSent} />
              </div>
            ) : (
              <Group>
                <Button variant="light" onClick={() => setOpen(true)}>
                  Send a visa enquiry
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
