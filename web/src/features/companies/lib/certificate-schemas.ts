import { z } from '@fridgeparts/common/zod-setup';
import { exemptionUploadSchema } from '@fridgeparts/common/tax/exemption.schema';
import { certificateBodyOf, type CertificateForm } from './certificate-form';

/**
 * The dialog checks the body it would send with the server's own schema (STYLE habit 1), so a
 * message found in the browser and one the server sends sit at the same field. Loaded with the
 * first check, so zod is not part of the company pages' first load.
 */
export const certificateFormSchema = z.preprocess((v) => certificateBodyOf(v as CertificateForm), exemptionUploadSchema);
