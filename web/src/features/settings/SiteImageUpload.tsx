import { getSiteSettings, uploadSiteImage, type SiteImageKind } from '@tp/contracts/endpoints/settings';
import { detectSite } from '#api/boot.ts';
import { useAction } from '#api/action.ts';
import { ImageUploadButton } from '#shared/ImageUploadButton.tsx';

/** Longest side kept per use: a logo paints at most ~200 px wide (2× for sharp screens), a favicon at 64. */
const SIZES: Record<SiteImageKind, { maxSide: number; keepPng: boolean }> = {
  logo: { maxSide: 512, keepPng: true },
  favicon: { maxSide: 64, keepPng: true },
  social: { maxSide: 1200, keepPng: false },
};

/**
 * Picks, resizes and uploads one site image. A logo or favicon is set on the site by the call itself (the
 * branding and the settings reload); a social image only comes back as a URL for the SEO form.
 */
export function SiteImageUpload({
  kind,
  label,
  onUploaded,
}: {
  kind: SiteImageKind;
  label: string;
  onUploaded?: (url: string) => void;
}) {
  const upload = useAction(uploadSiteImage, {
    success: 'Image saved',
    onSuccess: (r) => onUploaded?.(r.image.url),
    revalidate: kind === 'social' ? [] : [getSiteSettings, detectSite],
  });
  return (
    <ImageUploadButton variant="default" {...SIZES[kind]} onImage={(image) => upload.run({ kind, image })}>
      {label}
    </ImageUploadButton>
  );
}
