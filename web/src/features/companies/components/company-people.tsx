import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import type { Company, CompanyInvitation, CompanyMember } from '@fridgeparts/common/company.answers';
import { Button } from '../../../components/button';
import { ConfirmButton } from '../../../components/confirm-button';
import { FormInput, FormSelect } from '../../../components/form/form-input';
import { useShopForm } from '../../../components/form/use-shop-form';
import { FormError } from '../../../components/form/form-error';
import { BreakableEmail, Table, type Column, type TableProps } from '../../../components/table';
import { ApiError } from '../../../lib/infra/api-client';
import { notify } from '../../../lib/infra/toast';
import { usePeopleActions } from '../api/use-companies';
import { emptyInviteForm, inviteBodyOf, LIMIT_HINT, memberBodyOf, spendingLimitText, type InviteForm } from '../lib/company-form';
import { ROLE_LABELS } from '../lib/labels';
import css from './company-people.module.css';
import { roleOptions } from './role-options';
import { shopDay } from '../../../lib/domain/date-format';

/** A refusal without field messages (409: the last company admin; another company's address) is said in a toast. */
function toastUnlessFields(err: unknown): never {
  if (err instanceof ApiError && !err.fields) notify.error(err.message);
  throw err;
}

/** The columns a member and an invitation share: who, as what, up to how much per order. */
const PERSON_COLUMNS: Column<CompanyMember | CompanyInvitation>[] = [
  { id: 'email', header: 'Email', className: css.email, cell: (p) => <BreakableEmail email={p.email} /> },
  { id: 'role', header: 'Role', cell: (p) => ROLE_LABELS[p.role] },
  { id: 'limit', header: 'Spending limit', cell: (p) => spendingLimitText(p.spendingLimit) },
];

/** A part of the people's page under its own heading, which names it. */
function PeopleSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className={css.subheading}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The members or the pending invitations: a section whose heading is also its table's caption. */
function PeopleList<T>({ title, ...table }: { title: string } & Pick<TableProps<T>, 'columns' | 'rows' | 'rowKey' | 'rowTestId' | 'empty'>) {
  return (
    <PeopleSection title={title}>
      <Table caption={title} minWidth={640} {...table} />
    </PeopleSection>
  );
}

// The member dialog (the Modal and its form) loads with the first Edit, not with the page.
const MemberDialog = lazy(() => import('./member-dialog'));

/**
 * A company's people (CONTRACT §10) for the shop admin or that company's admin: members with role
 * and spending limit (Edit; Remove behind the shop's confirmation), pending invitations (Withdraw
 * behind confirmation), and Invite by email. The server decides who may; the last company admin can
 * be neither demoted nor removed (its 409 is toasted).
 */
export function CompanyPeople({ company }: { company: Company }) {
  const actions = usePeopleActions(company._id);
  const [editing, setEditing] = useState<CompanyMember | null>(null);

  const memberColumns: Column<CompanyMember>[] = [
    ...PERSON_COLUMNS,
    { id: 'joined', header: 'Joined', cell: (m) => shopDay(m.joinedAt) },
    {
      id: 'actions',
      header: 'Actions',
      cell: (m) => (
        <div className={css.actions}>
          <Button variant="outlined" size="small" onClick={() => setEditing(m)} aria-label={`Edit ${m.email}`}>
            Edit
          </Button>
          <ConfirmButton
            size="small"
            question="Remove this person from the company?"
            details={`${m.email} (${ROLE_LABELS[m.role]}) will no longer order for ${company.name}.`}
            confirmLabel="Remove"
            busyLabel="Removing…"
            doneMessage="Removed from the company."
            onConfirm={() => actions.removeMember(m.uid)}
            aria-label={`Remove ${m.email}`}
          >
            Remove
          </ConfirmButton>
        </div>
      ),
    },
  ];

  const invitationColumns: Column<CompanyInvitation>[] = [
    ...PERSON_COLUMNS,
    { id: 'invited', header: 'Invited', cell: (i) => shopDay(i.invitedAt) },
    {
      id: 'withdraw',
      header: 'Withdraw',
      cell: (i) => (
        <ConfirmButton
          size="small"
          question="Withdraw this invitation?"
          details={`${i.email} will not join ${company.name} when they sign in.`}
          confirmLabel="Withdraw"
          busyLabel="Withdrawing…"
          doneMessage="Invitation withdrawn."
          onConfirm={() => actions.withdraw(i.email)}
          aria-label={`Withdraw the invitation of ${i.email}`}
        >
          Withdraw
        </ConfirmButton>
      ),
    },
  ];

  return (
    <div className={css.people}>
      <PeopleList title="Members" columns={memberColumns} rows={company.members} rowKey={(m) => m.uid} rowTestId="member-row" empty="No members yet." />
      <PeopleList
        title="Pending invitations"
        columns={invitationColumns}
        rows={company.invitations}
        rowKey={(i) => i.email}
        rowTestId="invitation-row"
        empty="No pending invitations."
      />
      <PeopleSection title="Invite someone">
        <p className={css.muted}>They join when they sign in, or sign up, with this very address and verify it.</p>
        <InviteForm onInvite={(values) => actions.invite(inviteBodyOf(values)).catch(toastUnlessFields)} />
      </PeopleSection>
      {editing && (
        <Suspense fallback={null}>
          <MemberDialog
            member={editing}
            onClose={() => setEditing(null)}
            onSave={async (values) => {
              await actions.updateMember({ uid: editing.uid, body: memberBodyOf(values) }).catch(toastUnlessFields);
              setEditing(null);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/** Invite by email with a role and a spending limit; emptied after an invitation went out. */
function InviteForm({ onInvite }: { onInvite: (values: InviteForm) => Promise<unknown> }) {
  const { form, submit, prefetch, isSubmitting, formError } = useShopForm<InviteForm, unknown>({
    schema: () => import('../lib/company-schemas').then((m) => m.inviteFormSchema as never),
    defaultValues: emptyInviteForm(),
    action: (_parsed, f) => onInvite(f.getValues()),
    success: 'Invitation sent.',
    resetTo: 'defaults',
  });
  return (
    <form noValidate onSubmit={submit} onFocus={prefetch} aria-label="Invite someone" className={css.invite}>
      <div className={css.inviteFields}>
        <FormInput form={form} name="email" label="Email" type="email" required autoComplete="off" spellCheck={false} />
        <FormSelect form={form} name="role" label="Role">
          {roleOptions}
        </FormSelect>
        <FormInput form={form} name="spendingLimit" label="Spending limit (USD)" inputMode="decimal" placeholder="No limit" />
      </div>
      <p className={css.muted}>{LIMIT_HINT}</p>
      <FormError message={formError} />
      <Button type="submit" className={css.submit} disabled={isSubmitting}>
        {isSubmitting ? 'Inviting…' : 'Invite'}
      </Button>
    </form>
  );
}
