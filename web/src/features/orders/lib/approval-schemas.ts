import { z } from '@fridgeparts/common/zod-setup';
import { approveSchema, declineSchema } from '@fridgeparts/common/booking';
import { decisionBodyOf, type DecisionForm } from './approval-form';

/**
 * The dialogs check the body they would send with the server's own schemas (STYLE habit 1), so a
 * message found in the browser and one the server sends sit at the same field (`note`). Loaded
 * with the first check, so zod is not part of the approvals page's first load.
 */
export const approveFormSchema = z.preprocess((v) => decisionBodyOf(v as DecisionForm), approveSchema);
export const declineFormSchema = z.preprocess((v) => decisionBodyOf(v as DecisionForm), declineSchema);
