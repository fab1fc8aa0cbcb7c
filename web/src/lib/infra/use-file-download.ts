import { useCallback, useState } from 'react';
import { apiFetchFile, saveFile } from './api-client';

/**
 * Downloads a file the API makes for the signed-in caller (an order PDF, a CSV export) and hands
 * it to the browser; `busy` while it is on its way. Refusals are shown by the API client.
 */
export function useFileDownload(): { busy: boolean; download: (path: string, filename: string) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const download = useCallback(async (path: string, filename: string) => {
    setBusy(true);
    try {
      saveFile(await apiFetchFile(path), filename);
    } catch {
      // The API client showed the server's message.
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, download };
}
