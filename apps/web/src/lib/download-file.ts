import { api } from './api';
import { saveBlob } from './save-blob';

/** Fetches a file with the bearer token, then hands it to the browser as a download under `fileName`. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  saveBlob(await api.request<Blob>('GET', path, { responseType: 'blob' }), fileName);
}
