import { exemptionStatusOn, exemptionWords, type ExemptionKind, type ExemptionStoredStatus } from '../tax/exemption';
import type { Exemption } from '../tax/exemption.answers';
import { isoTime, type StoredTime } from './time';

/**
 * Tax exemption certificates (CONTRACT §15, decision 0084). Written and read only by the
 * functions (firestore.rules deny every client read and write of both collections).
 */

/** exemptions/{eid}. */
export interface ExemptionDoc<Time extends StoredTime = StoredTime> {
  companyId: string;
  shipToId: string;
  kind: ExemptionKind;
  /** A US state, two capitals. */
  state: string;
  number: string;
  /** YYYY-MM-DD. */
  signedOn: string;
  /** YYYY-MM-DD, or null: it does not expire. */
  expiresOn: string | null;
  status: ExemptionStoredStatus;
  /** Why rejected (or revoked); null otherwise. */
  reason: string | null;
  fileBytes: number;
  /** Hex SHA-256 of the PDF, so a download can check its chunks add up. */
  fileSha256: string;
  /** How many exemptionFiles/{eid}_{n} hold the PDF (n from 0). */
  fileChunks: number;
  createdAt: Time;
  createdBy: string;
  reviewedAt: Time | null;
  reviewedBy: string | null;
  /** The expiresOn a 30-day reminder was sent for, or null: one reminder per certificate and expiry. */
  reminderSentFor: string | null;
}

/** exemptionFiles/{eid}_{n}: one chunk of the PDF, at most EXEMPTION_LIMITS.chunkBytes. */
export interface ExemptionFileDoc<Data = Uint8Array> {
  data: Data;
}

export const exemptionFileId = (eid: string, n: number): string => `${eid}_${n}`;

/** The answer of a stored certificate on the shop's `today` (an approved one past its expiry reads expired). */
export function exemptionFromDoc(id: string, d: ExemptionDoc, today: string): Exemption {
  return {
    id,
    companyId: d.companyId,
    shipToId: d.shipToId,
    kind: d.kind,
    state: d.state,
    number: d.number,
    signedOn: d.signedOn,
    expiresOn: d.expiresOn,
    status: exemptionStatusOn(d, today),
    reason: d.reason,
    fileBytes: d.fileBytes,
    createdAt: isoTime(d.createdAt),
    reviewedAt: d.reviewedAt ? isoTime(d.reviewedAt) : null,
    words: exemptionWords(d),
  };
}
