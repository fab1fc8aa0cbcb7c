import { FormInput, FormSelect } from '../../../components/form/form-input';
import { useShopForm } from '../../../components/form/use-shop-form';
import { FormError } from '../../../components/form/form-error';
import { DialogActions, Modal, ModalBody } from '../../../components/modal';
import type { CompanyMember } from '@fridgeparts/common/company.answers';
import { dollarsText, LIMIT_HINT, type PersonForm } from '../lib/company-form';
import css from './company-people.module.css';
import { roleOptions } from './role-options';

/** A member's role and spending limit, on the shop's Modal. */
export default function MemberDialog({
  member,
  onClose,
  onSave,
}: {
  member: CompanyMember;
  onClose: () => void;
  onSave: (values: PersonForm) => Promise<void>;
}) {
  const { form, submit, prefetch, isSubmitting, formError } = useShopForm<PersonForm, unknown>({
    schema: () => import('../lib/company-schemas').then((m) => m.personFormSchema as never),
    defaultValues: { role: member.role, spendingLimit: dollarsText(member.spendingLimit) },
    action: (_parsed, f) => onSave(f.getValues()),
    success: `${member.email} saved.`,
  });
  return (
    <Modal open onClose={onClose} title={`Edit ${member.email}`} busy={isSubmitting} size="sm">
      <form noValidate onSubmit={submit} onFocus={prefetch} aria-label={`Edit ${member.email}`}>
        <ModalBody className={css.dialogFields}>
          <FormSelect form={form} name="role" label="Role">
            {roleOptions}
          </FormSelect>
          <FormInput form={form} name="spendingLimit" label="Spending limit (USD)" inputMode="decimal" placeholder="No limit" helperText={LIMIT_HINT} />
          <FormError message={formError} />
        </ModalBody>
        <DialogActions onCancel={onClose} label="Save" busyLabel="Saving…" busy={isSubmitting} />
      </form>
    </Modal>
  );
}
