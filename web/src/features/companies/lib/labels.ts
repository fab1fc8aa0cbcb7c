import type { CompanyRole, CompanyTerms } from '@fridgeparts/common/company';

/*
 * How a role and the terms read on a page. Apart from the company form's mapping, so the dashboard's
 * layout (every signed-in page) names a member's role without loading the form's code.
 */

export const ROLE_LABELS: Record<CompanyRole, string> = { 'company-admin': 'Company admin', buyer: 'Buyer' };
export const TERMS_LABELS: Record<CompanyTerms, string> = { card: 'Card', net30: 'Net 30 (invoice)' };
