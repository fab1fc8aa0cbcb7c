import { vi } from 'vitest';

/**
 * What the browser does with a downloaded file, which jsdom does not: the file's object URL is
 * `url`, and the link clicked to save it adds its file name to the list returned (a test empties
 * it between cases with `saved.length = 0`).
 */
export function catchDownloads(url: string): string[] {
  URL.createObjectURL = vi.fn(() => url);
  URL.revokeObjectURL = vi.fn();
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}
