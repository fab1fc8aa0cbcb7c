import { dayWords, type ExemptionKind, type ExemptionStatus } from '@fridgeparts/common/tax/exemption';
import type { ChipTone } from '../../components/chip';

/**
 * The words of tax exemption certificates (CONTRACT §15) the company's pages and the shop admin's
 * review screen share: each status as a chip, each kind as the form offers it, and an expiry.
 */

/**
 * Each status as its chip says it. "Expired" is an approved certificate past its day: it exempts
 * nothing. Waiting is in the shop's colour, not the warning chip, whose white on orange is below
 * WCAG's contrast (3.1:1; axe found it on the company page).
 */
export const EXEMPTION_STATUS_VIEW: Record<ExemptionStatus, { label: string; tone: ChipTone }> = {
  pending: { label: 'Waiting for review', tone: 'primary' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'plain' },
  expired: { label: 'Expired', tone: 'plain' },
};

/** The kinds a certificate may be, as the form offers them. */
export const EXEMPTION_KIND_LABELS: Record<ExemptionKind, string> = {
  resale: 'Resale',
  'exempt-organization': 'Exempt organization',
  government: 'Government',
};

/** A certificate's expiry: "Nov 1, 2027" (common's dayWords, as the tax note says it), or "No expiry". */
export const expiryText = (expiresOn: string | null): string => (expiresOn ? dayWords(expiresOn) : 'No expiry');
