/**
 * Saves a blob as a file: an object URL on a hidden `a[download]`, clicked, revoked once the browser has taken it.
 *
 * @example
 * saveBlob(blob, '我的业务.xlsx')
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
