/** Saves base64 content (an .xlsx export answered in JSON) as a download named `fileName`. */
export function downloadBase64(fileName: string, contentType: string, base64: string): void {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([bytes], { type: contentType }));
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
