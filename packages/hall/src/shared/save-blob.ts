/**
 * Saves a blob as a file with the given name: an object URL on a hidden `a[download]`, clicked, and revoked once
 * the browser has taken the download (a revoke in the same task can cancel it in some browsers).
 *
 * @example
 * saveBlob(await downloadFile(client, file), file.fileName)
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
