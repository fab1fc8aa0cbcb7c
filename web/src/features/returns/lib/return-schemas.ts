import { z } from '@fridgeparts/common/zod-setup';
import { returnRequestSchema } from '@fridgeparts/common/returns/returns.schema';
import type { ReturnableLine } from '@fridgeparts/common/returns/returns.answers';
import { NOTE_MAX, returnBodyOf, type ReturnForm } from './return-form';

/**
 * The Return dialog's check (STYLE habit 1): each quantity a whole number up to what is still
 * returnable on its line, a reason whose window is open for each line returned, a note of at most
 * 500 characters (each at its own field), then the body through the server's own schema. Loaded
 * lazily with the dialog, so zod is not part of the order page's first load.
 */
export function returnFormSchema(lines: readonly ReturnableLine[]) {
  return z
    .custom<ReturnForm>()
    .superRefine((form, ctx) => {
      form.lines.forEach((l, i) => {
        const line = lines[i];
        const max = line?.quantity ?? 0;
        const text = l.quantity.trim();
        const n = Number(text);
        if (text !== '' && (!Number.isInteger(n) || n < 0))
          ctx.addIssue({ code: 'custom', path: ['lines', i, 'quantity'], message: 'A whole number, 0 returns none' });
        else if (n > max) ctx.addIssue({ code: 'custom', path: ['lines', i, 'quantity'], message: `At most ${max} can be returned` });
        else if (n > 0 && !line?.reasons.some((r) => r.reason === l.reason))
          ctx.addIssue({ code: 'custom', path: ['lines', i, 'reason'], message: 'Choose why it goes back' });
        if (l.note.trim().length > NOTE_MAX) ctx.addIssue({ code: 'custom', path: ['lines', i, 'note'], message: `At most ${NOTE_MAX} characters` });
      });
      if (!form.lines.some((l) => Number(l.quantity.trim()) > 0))
        ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Return at least one unit of one line' });
    })
    .transform((form): z.input<typeof returnRequestSchema> => returnBodyOf(form, lines).body)
    .pipe(returnRequestSchema);
}
