import { z } from '@fridgeparts/common/zod-setup';
import { formatDollars } from '@fridgeparts/common/money';
import {
  approveBodyOf,
  coreDepositOf,
  coreReceiveBodyOf,
  type CoreReceiveBody,
  type CoreReceiveForm,
  DECLINE_REASON_MAX,
  declineBodyOf,
  FEE_LIMITS,
  receiveBodyOf,
  type ApproveForm,
  type DeclineForm,
  type ReceiveForm,
} from './admin-forms';
import type { Return } from '@fridgeparts/common/returns/returns.answers';
import { coreReceiveSchema, returnApproveSchema, returnDeclineSchema, returnReceiveSchema } from '@fridgeparts/common/returns/returns.schema';

/**
 * The Returns screen's dialogs' checks (STYLE habit 1), each at its own field, then the body through
 * the server's own schema. Loaded with the first dialog, so zod is not part of the screen's first load.
 */

const FEE_MESSAGE = `A whole number from ${FEE_LIMITS.min} to ${FEE_LIMITS.max}`;

export function approveFormSchema() {
  return z
    .custom<ApproveForm>()
    .superRefine((form, ctx) => {
      const n = Number(form.restockingFeePercent.trim());
      if (form.restockingFeePercent.trim() === '' || !Number.isInteger(n) || n < FEE_LIMITS.min || n > FEE_LIMITS.max)
        ctx.addIssue({ code: 'custom', path: ['restockingFeePercent'], message: FEE_MESSAGE });
    })
    .transform((form): z.input<typeof returnApproveSchema> => approveBodyOf(form))
    .pipe(returnApproveSchema);
}

export function declineFormSchema() {
  return z
    .custom<DeclineForm>()
    .superRefine((form, ctx) => {
      const text = form.reason.trim();
      if (text === '') ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why: the buyer is emailed it' });
      else if (text.length > DECLINE_REASON_MAX) ctx.addIssue({ code: 'custom', path: ['reason'], message: `At most ${DECLINE_REASON_MAX} characters` });
    })
    .transform((form): z.input<typeof returnDeclineSchema> => declineBodyOf(form))
    .pipe(returnDeclineSchema);
}

/** Each count a whole number, resaleable and damaged together at most the line's quantity (what is not received counts as not returned). */
export function receiveFormSchema(r: Pick<Return, 'lines'>) {
  return z
    .custom<ReceiveForm>()
    .superRefine((form, ctx) => {
      form.lines.forEach((l, i) => {
        const quantity = r.lines[i]?.quantity ?? 0;
        const counts = (['resaleable', 'damaged'] as const).map((field) => {
          const text = l[field].trim();
          const n = text === '' ? 0 : Number(text);
          if (!Number.isInteger(n) || n < 0) {
            ctx.addIssue({ code: 'custom', path: ['lines', i, field], message: 'A whole number, 0 or more' });
            return null;
          }
          return n;
        });
        const [resaleable, damaged] = counts;
        if (resaleable !== null && damaged !== null && resaleable! + damaged! > quantity)
          ctx.addIssue({ code: 'custom', path: ['lines', i, 'damaged'], message: `Resaleable and damaged together at most ${quantity}` });
      });
    })
    .transform((form): z.input<typeof returnReceiveSchema> => receiveBodyOf(form, r))
    .pipe(returnReceiveSchema);
}

/**
 * A core return's Receive (decision 0088): a Partial line's amount in dollars and cents, more than
 * 0 and at most the deposit of its cores (Accepted credits all of it, Rejected nothing); then the
 * body through the server's own schema, sent in dollars as the server takes it.
 */
export function coreReceiveFormSchema(r: Pick<Return, 'lines'>) {
  return z
    .custom<CoreReceiveForm>()
    .superRefine((form, ctx) => {
      form.lines.forEach((l, i) => {
        if (l.inspection !== 'partial') return;
        const line = r.lines[i];
        const most = line ? coreDepositOf(line) : 0;
        const text = l.amount.trim().replace(/^\$/, '');
        const n = Number(text);
        if (text === '' || !/^\d+(\.\d{1,2})?$/.test(text) || !(n > 0))
          ctx.addIssue({ code: 'custom', path: ['lines', i, 'amount'], message: `The dollars credited, like 42.50 (at most ${formatDollars(most)})` });
        else if (n > most)
          ctx.addIssue({ code: 'custom', path: ['lines', i, 'amount'], message: `At most the deposit of these cores, ${formatDollars(most)}` });
      });
    })
    .transform((form): CoreReceiveBody => coreReceiveBodyOf(form, r))
    .superRefine((body, ctx) => {
      // The server's own check; what is sent stays in dollars (its schema answers cents).
      const parsed = coreReceiveSchema.safeParse(body);
      if (!parsed.success)
        for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path as (string | number)[], message: issue.message });
    });
}
