import { lazy, Suspense, useState } from 'react';
import type { Company, ShipTo } from '@fridgeparts/common/company.answers';
import { Button } from '../../../components/button';
import { CertificatePdfButton } from '../../../components/certificate-pdf-button';
import { Chip } from '../../../components/chip';
import { ErrorRetry } from '../../../components/error-retry';
import ui from '../../../components/ui.module.css';
import { addressLine } from '../../../lib/domain/address-line';
import { EXEMPTION_STATUS_VIEW, expiryText } from '../../../lib/domain/exemption-words';
import { useCompanyExemptions } from '../api/use-company-exemptions';
import css from './ship-to-certificates.module.css';
import type { Exemption } from '@fridgeparts/common/tax/exemption.answers';
import { EXEMPTION_LIMITS } from '@fridgeparts/common/tax/exemption';

// The dialog (its Modal, react-hook-form, and on the first check zod) loads with the first one
// opened; pointing at or focusing an "Add tax certificate" starts the load.
const loadDialog = () => import('./add-certificate-dialog');
const preloadDialog = () => void loadDialog().catch(() => undefined);
const AddCertificateDialog = lazy(loadDialog);

/** One certificate: its status, words, expiry, why it was rejected, and its PDF. */
function CertificateItem({ exemption: e }: { exemption: Exemption }) {
  const view = EXEMPTION_STATUS_VIEW[e.status];
  return (
    <li className={css.certificate} data-testid="certificate-row">
      <Chip tone={view.tone}>{view.label}</Chip>
      <span className={css.words}>{e.words}</span>
      <span className={`${ui.caption} ${css.muted}`}>{e.expiresOn ? `Expires ${expiryText(e.expiresOn)}` : expiryText(null)}</span>
      <CertificatePdfButton exemption={e} label="PDF" />
      {e.status === 'rejected' && e.reason && (
        <span className={css.reason} data-testid="certificate-reason">
          Rejected: {e.reason}
        </span>
      )}
    </li>
  );
}

/**
 * The tax exemption certificates of each ship-to location (CONTRACT §15), for the company's admin
 * (My company) and the shop admin (the company's page): per location, its certificates newest first
 * with their status, and "Add tax certificate" (at most EXEMPTION_LIMITS.perShipTo each).
 */
export function ShipToCertificates({ company }: { company: Company }) {
  const list = useCompanyExemptions(company._id);
  const [adding, setAdding] = useState<ShipTo | null>(null);

  if (list.isError) return <ErrorRetry message={`The certificates could not be loaded. ${list.error.message}`} onRetry={() => void list.refetch()} />;
  const byShipTo = (id: string) => list.data?.exemptions.filter((e) => e.shipToId === id) ?? [];

  return (
    <>
      <ul className={css.places} aria-busy={list.isPending}>
        {company.shipTo.map((s) => {
          const certificates = byShipTo(s.id);
          const full = certificates.length >= EXEMPTION_LIMITS.perShipTo;
          return (
            <li key={s.id} className={css.place} data-testid="ship-to-certificates">
              <div className={css.placeHead}>
                <div>
                  <strong>{s.label}</strong>
                  <span className={`${ui.caption} ${css.muted} ${css.address}`}>{addressLine(s.address)}</span>
                </div>
                <Button
                  variant="outlined"
                  size="small"
                  onClick={() => setAdding(s)}
                  onPointerEnter={preloadDialog}
                  onFocus={preloadDialog}
                  disabled={!list.isSuccess || full}
                  aria-label={`Add tax certificate for ${s.label}`}
                >
                  Add tax certificate
                </Button>
              </div>
              {list.isPending ? (
                <div className={`${ui.skeleton} ${css.skeleton}`} aria-hidden="true" />
              ) : certificates.length === 0 ? (
                <p className={`${css.none} ${css.muted}`}>No certificates: sales tax is charged where the shop collects it.</p>
              ) : (
                <ul className={css.certificates} aria-label={`Tax certificates for ${s.label}`}>
                  {certificates.map((e) => (
                    <CertificateItem key={e.id} exemption={e} />
                  ))}
                </ul>
              )}
              {full && (
                <p className={`${css.none} ${css.muted}`}>At most {EXEMPTION_LIMITS.perShipTo} certificates a location: ask the shop to reject one first.</p>
              )}
            </li>
          );
        })}
      </ul>
      {adding && (
        <Suspense fallback={null}>
          <AddCertificateDialog key={adding.id} companyId={company._id} shipTo={adding} onClose={() => setAdding(null)} />
        </Suspense>
      )}
    </>
  );
}
