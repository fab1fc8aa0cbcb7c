import { useState } from 'react';
import type { Company } from '@fridgeparts/common/company.answers';
import { formatDollars } from '@fridgeparts/common/money';
import { Button } from '../../../components/button';
import { Notice } from '../../../components/notice';
import { ApiError } from '../../../lib/infra/api-client';
import { notify } from '../../../lib/infra/toast';
import { useSaveCompany } from '../api/use-companies';
import { companyFormOf, patchBodyOf, type CompanyForm as CompanyFormValues } from '../lib/company-form';
import { TERMS_LABELS } from '../lib/labels';
import { CompanyForm } from './company-form';

/** The values another admin saved, in a sentence: what the person needs to decide whether to keep theirs. */
export function currentValuesText(c: Company): string {
  const credit = c.creditLimit === null ? '' : `, credit limit ${formatDollars(c.creditLimit)}`;
  const places = c.shipTo.map((s) => s.label).join(', ');
  return `Name ${c.name}; terms ${TERMS_LABELS[c.terms]}${credit}; ship-to ${places}.`;
}

/**
 * Edit a company (PATCH /companies/{id} with the version the form was filled from). When another
 * admin saved first (412), the form keeps what this admin typed and says what the company holds
 * now; saving again replaces it (the form now carries the new version), or "Use the current
 * values" starts over from them.
 */
export function CompanyEdit({ company }: { company: Company }) {
  const save = useSaveCompany(company._id);
  // The company the form was filled from, or, after a 412, the one found then: its version is the one a save sends.
  const [base, setBase] = useState(company);
  const [conflict, setConflict] = useState<Company | null>(null);
  const [formKey, setFormKey] = useState(0);

  const onSubmit = async (values: CompanyFormValues) => {
    try {
      const saved = await save({ body: patchBodyOf(values), version: base.version });
      setBase(saved);
      setConflict(null);
    } catch (err) {
      const current = err instanceof ApiError && err.status === 412 ? (err.details.company as Company | undefined) : undefined;
      if (current) {
        setBase(current);
        setConflict(current);
      } else if (err instanceof ApiError && !err.fields) notify.error(err.message);
      throw err;
    }
  };

  return (
    <>
      {conflict && (
        <Notice
          severity="warning"
          role="alert"
          title="Someone else saved this company while you were editing it"
          action={
            <Button
              variant="outlined"
              size="small"
              onClick={() => {
                setConflict(null);
                setFormKey((k) => k + 1);
              }}
            >
              Use the current values
            </Button>
          }
        >
          It now reads: {currentValuesText(conflict)} Save again to replace that with what you see here, or use the current values.
        </Notice>
      )}
      <CompanyForm
        key={formKey}
        initial={companyFormOf(base)}
        label="Edit company"
        submitLabel="Save"
        busyLabel="Saving…"
        onSubmit={onSubmit}
        success="Company saved."
      />
    </>
  );
}
