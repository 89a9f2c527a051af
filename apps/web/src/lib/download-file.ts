import { api } from './api';

/** Fetches a file with the bearer token, then hands it to the browser as a download under `fileName`. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const blob = await api.request<Blob>('GET', path, { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download asynchronously; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
