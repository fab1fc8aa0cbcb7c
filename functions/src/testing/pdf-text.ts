import { inflateSync } from 'node:zlib';

/**
 * The text a pdfkit document draws, for unit tests: each text run (a TJ array of its Helvetica's
 * hex strings) in drawing order, page after page, white space folded (as tests/api/fixtures.ts
 * pdfText reads them through a PDF reader, without one here). Only what pdfkit writes: compressed
 * content streams and the standard fonts, whose codes are read as Latin-1.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const runs: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const body = Buffer.from(raw.slice(start, raw.indexOf('endstream', start)), 'latin1');
    let content: string;
    try {
      content = inflateSync(body).toString('latin1');
    } catch {
      continue; // not a compressed content stream (a font's or an image's data)
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g))
      runs.push([...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''));
  }
  return runs.join(' ').replace(/\s+/g, ' ');
}
