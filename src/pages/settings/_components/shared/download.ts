/** Saves what a call answered (a CSV export, an invoice PDF) as a file, named by the page. */
export function saveFile(filename: string, content: Blob): void {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; revoking later frees the memory.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A CSV answer as a file's content (UTF-8, with the type spreadsheets recognise). */
export function csvBlob(csv: string): Blob {
  return new Blob([csv], { type: 'text/csv;charset=utf-8' });
}
