import * as MSG from '@tp/contracts/messages';
import { toastError, toastSuccess } from '#lib/notify.ts';

/** Copies text and says so ('Copied to clipboard'); older browsers and plain-http pages get the textarea fallback. */
export async function copyText(text: string): Promise<boolean> {
  let copied: boolean;
  try {
    await navigator.clipboard.writeText(text);
    copied = true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      copied = document.execCommand('copy');
    } catch {
      copied = false;
    }
    area.remove();
  }
  if (copied) toastSuccess(MSG.copied);
  else toastError(MSG.somethingWentWrong);
  return copied;
}
