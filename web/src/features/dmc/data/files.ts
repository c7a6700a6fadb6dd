/** An imported .xlsx travels as base64 in JSON (dmc/importDmcData): read it in the browser. */

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
