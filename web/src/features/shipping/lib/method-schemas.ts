import { z } from '@fridgeparts/common/zod-setup';
import { shippingMethodIdSchema, shippingMethodInputSchema } from '@fridgeparts/common/shipping/methods.schema';
import { bodyOf, fieldOfPath, type MethodForm } from './method-form';

/**
 * The method form checked with the API's own schema (STYLE habit 1), applied to the body the form
 * would send, each message put on the form field its path names (fieldOfPath), so a message lands
 * on the same field whether the browser or the server found it. For a new method (`takenIds`
 * given) the id is checked too: the API's pattern, and not one of the methods listed, since a PUT
 * to an id that exists would replace that method. Loaded with the first check, so zod is not part
 * of the page's first load.
 */
export function methodFormSchema(takenIds: readonly string[] | null) {
  return z.custom<MethodForm>().superRefine((form, ctx) => {
    if (takenIds) {
      const id = shippingMethodIdSchema.safeParse(form.id);
      if (!id.success) ctx.addIssue({ code: 'custom', path: ['id'], message: id.error.issues[0]?.message ?? 'Not a method id' });
      else if (takenIds.includes(id.data))
        ctx.addIssue({ code: 'custom', path: ['id'], message: `There is a method with the id ${id.data} already: choose another` });
    }
    const parsed = shippingMethodInputSchema.safeParse(bodyOf(form));
    if (parsed.success) return;
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath(issue.path.map(String).join('.'));
      // One message a field: the first, as the server's are placed.
      if (seen.has(field)) continue;
      seen.add(field);
      ctx.addIssue({ code: 'custom', path: field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message: issue.message });
    }
  });
}
