import { useState, type ReactNode } from 'react';
import { Button, FileButton, type ButtonProps } from '@mantine/core';
import type { ImageUpload } from '@tp/contracts/media';
import { IMAGE_ACCEPT, resizeImage, type ResizeOptions } from './image-upload.ts';
import { toastError } from '#lib/notify.ts';

interface Props extends ResizeOptions, Omit<ButtonProps, 'loading' | 'children'> {
  children: ReactNode;
  /** Receives the resized picture; the button stays busy until the returned promise settles (the upload call). */
  onImage: (upload: ImageUpload) => Promise<unknown> | void;
  multiple?: boolean;
}

/** Pick one or more pictures, resize them in the browser, hand each to `onImage` in turn. */
export function ImageUploadButton({ children, onImage, maxSide, keepPng, multiple = false, ...button }: Props) {
  const [busy, setBusy] = useState(false);
  const pick = async (picked: File | File[] | null) => {
    const files = picked === null ? [] : Array.isArray(picked) ? picked : [picked];
    if (!files.length) return;
    setBusy(true);
    try {
      for (const file of files) {
        try {
          await onImage(await resizeImage(file, { maxSide, ...(keepPng ? { keepPng } : {}) }));
        } catch (err) {
          toastError(`${file.name}: ${(err as Error).message}`);
        }
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <FileButton onChange={(f) => void pick(f)} accept={IMAGE_ACCEPT} multiple={multiple}>
      {(props) => (
        <Button {...button} {...props} loading={busy}>
          {children}
        </Button>
      )}
    </FileButton>
  );
}
