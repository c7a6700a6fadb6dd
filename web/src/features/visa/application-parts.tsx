import { useRef } from 'react';
import { Badge, Button, type ButtonProps } from '@mantine/core';
import { DOCUMENT_MSG, MEDIA_LIMITS } from '@tp/contracts/media';
import { visaDocument, visaDocumentLink, type TVisaApplication } from '@tp/contracts/endpoints/visa-applications';
import { VISA_STATUS_LABEL, type VisaApplicationStatus } from '@tp/domain/visa-applications';
import { useAction } from '#api/action.ts';
import { call } from '#api/client.ts';
import { downloadBase64 } from '#shared/download.ts';
import { toastError } from '#lib/notify.ts';

/** Colour by meaning: with the applicant, with staff, with the embassy, done, stopped. */
const TONE: Record<VisaApplicationStatus, string> = {
  draft: 'gray',
  submitted: 'yellow',
  documentsRequested: 'orange',
  lodged: 'blue',
  approved: 'green',
  rejected: 'red',
  cancelled: 'red',
};

export function VisaStatusBadge({ status }: { status: VisaApplicationStatus }) {
  return (
    <Badge variant="light" color={TONE[status]}>
      {VISA_STATUS_LABEL[status]}
    </Badge>
  );
}

export const travellerName = (a: TVisaApplication, i: number) => {
  const t = a.travellers[i];
  return t ? `${t.firstName} ${t.lastName}` : `Traveller ${i + 1}`;
};

/**
 * Opens a private document: asks for a short-lived link, then reads the file through it and saves it. The file
 * never sits at a public address.
 */
export function DocumentButton({
  applicationId,
  documentId,
  label,
  ...button
}: { applicationId: string; documentId: string; label: string } & ButtonProps) {
  const open = useAction(async () => {
    const link = await call(visaDocumentLink, { applicationId, documentId });
    const file = await call(visaDocument, { token: link.token });
    downloadBase64(file.fileName, file.contentType, file.dataBase64);
  });
  return (
    <Button size="xs" variant="subtle" loading={open.busy} onClick={() => void open.run(undefined)} {...button}>
      {label}
    </Button>
  );
}

const ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';

/** Reads a file as base64 (without the data-URL prefix). */
const base64Of = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

/**
 * A button that picks one PDF, JPEG or PNG and hands it over as base64; a file over the limit is refused here
 * (the server checks the bytes again).
 */
export function DocumentUploadButton({
  label,
  busy,
  onFile,
  ...button
}: {
  label: string;
  busy: boolean;
  onFile: (file: { fileName: string; dataBase64: string }) => unknown;
} & ButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MEDIA_LIMITS.imageBytes) return toastError(DOCUMENT_MSG.tooLarge);
    await onFile({ fileName: file.name.slice(0, 100), dataBase64: await base64Of(file) });
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        aria-hidden
        tabIndex={-1}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          void pick(file);
        }}
      />
      <Button size="xs" variant="light" loading={busy} onClick={() => input.current?.click()} {...button}>
        {label}
      </Button>
    </>
  );
}
