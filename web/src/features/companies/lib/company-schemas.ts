import { z } from '@fridgeparts/common/zod-setup';
import { companyCreateSchema, invitationSchema, memberPatchSchema } from '@fridgeparts/common/company.schema';
import { createBodyOf, inviteBodyOf, memberBodyOf, type CompanyForm, type InviteForm, type PersonForm } from './company-form';

/**
 * The forms check their values with the server's own schemas (STYLE habit 1), applied to the body
 * the form would send: the paths of the messages are the body's, which are the form's field names,
 * so a message lands on the same field whether the browser or the server found it. Loaded with the
 * first check, so zod is not part of the pages' first load.
 */
export const companyFormSchema = z.preprocess((v) => createBodyOf(v as CompanyForm), companyCreateSchema);
export const inviteFormSchema = z.preprocess((v) => inviteBodyOf(v as InviteForm), invitationSchema);
export const personFormSchema = z.preprocess((v) => memberBodyOf(v as PersonForm), memberPatchSchema);
