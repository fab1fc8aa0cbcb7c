import { useFileDownload } from '../lib/infra/use-file-download';
import { Button } from './button';
import { certificateFileName } from '@fridgeparts/common/tax/exemption';
import type { Exemption } from '@fridgeparts/common/tax/exemption.answers';
import { EXEMPTION_API } from '@fridgeparts/common/tax/exemption.paths';

/**
 * A tax exemption certificate's PDF (GET /companies/{id}/exemptions/{eid}/certificate), for the
 * company's pages and the shop admin's review: it needs the ID token, so it is fetched by the API
 * client and handed to the browser as a file (a blob URL), as the order's PDF is.
 */
export function CertificatePdfButton({ exemption, label = 'View PDF' }: { exemption: Exemption; label?: string }) {
  const { busy, download } = useFileDownload();
  return (
    <Button
      variant="text"
      size="small"
      onClick={() => void download(EXEMPTION_API.exemptionCertificate(exemption.companyId, exemption.id), certificateFileName(exemption.number))}
      disabled={busy}
      aria-label={`${label}: ${exemption.words}`}
    >
      {busy ? 'Preparing…' : label}
    </Button>
  );
}
