/** The .xlsx travels as base64 in JSON (dmc/importDmcData, dmc/exportDmcData): read and save it in the browser. */

/** The file's bytes as base64, reporting how much has been read (0–1) as it goes. */
export function readAsBase64(file: Blob, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => {
      if (e.lengthComputable && e.total) onProgress(e.loaded / e.total);
    };
    reader.onload = () => {
      const url = String(reader.result);
      onProgress(1);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** Saves base64 content as a download named `fileName`. */
export function downloadBase64(fileName: string, contentType: string, base64: string): void {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([bytes], { type: contentType }));
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(a.href);
}
