/** Hands a file to the browser's downloads, through a short-lived object URL. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; a minute is ample for slow disks.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
