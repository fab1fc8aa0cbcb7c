import { useRef } from 'react';
import { useFieldArray, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { CATALOGUE_VOCABULARY } from '@fridgeparts/common/search/vocabulary';
import { ALIAS_KINDS, MAX_ALIASES, type AliasKind } from '@fridgeparts/common/search/part-alias';
import { FormInput, FormSelect } from '../../../components/form/form-input';
import { Button } from '../../../components/button';
import css from './product-fields.module.css';

/** What the form holds for how a tool is found: text as the inputs hold it, empty for not given. */
export interface FindingForm {
  category: string;
  specs: Record<string, string>;
  aliases: { number: string; kind: AliasKind; brand?: string }[];
  replacedBy: string;
}

/** Each kind of number as an admin reads it. */
export const ALIAS_KIND_LABEL: Record<AliasKind, string> = {
  superseded: 'Our older number',
  oem: 'Appliance maker’s number',
  competitor: 'Another maker’s equivalent',
};

const specLabel = (s: { label: string; unit: string }) => (s.unit ? `${s.label} (${s.unit})` : s.label);

type Bound<F extends FieldValues> = { form: UseFormReturn<F, unknown, unknown> };

/**
 * Category and specifications (CONTRACT §11): the catalogue's categories and spec keys (GET /specs
 * lists the same), one input per spec; an empty one is not given. The unit is said in the label,
 * so the value is the number as printed ("115", "1/3").
 */
export function CategorySpecFields<F extends Partial<Pick<FindingForm, 'category' | 'specs'>> & FieldValues>({ form: anyForm }: Bound<F>) {
  const form = anyForm as unknown as UseFormReturn<FindingForm, unknown, unknown>;
  return (
    <fieldset className={css.group}>
      <legend className={css.legend}>Category and specifications</legend>
      <p className={css.note}>Buyers filter the catalogue by these. Leave a specification empty when it does not apply.</p>
      <FormSelect form={form} name="category" label="Category">
        <option value="">Not given</option>
        {CATALOGUE_VOCABULARY.categories.map((c) => (
          <option key={c.key} value={c.key}>
            {c.label}
          </option>
        ))}
      </FormSelect>
      <div className={css.pairs}>
        {CATALOGUE_VOCABULARY.specs.map((s) => (
          <FormInput key={s.key} form={form} name={`specs.${s.key}`} label={specLabel(s)} spellCheck={false} maxLength={40} />
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The other numbers a part is known by and what replaces it (CONTRACT §11): a row per number with
 * its kind and, for a maker's number, the brand; "Add a number" opens a row and puts the cursor in
 * it, Remove takes one away and leaves the cursor on "Add a number". Replaced by: the part number
 * of the part to order instead; the part is then discontinued.
 */
export function NumberFields<F extends FindingForm & FieldValues>({ form: anyForm }: Bound<F>) {
  const form = anyForm as unknown as UseFormReturn<FindingForm, unknown, unknown>;
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'aliases' });
  const addRef = useRef<HTMLButtonElement>(null);
  return (
    <fieldset className={css.group}>
      <legend className={css.legend}>Other numbers</legend>
      <p className={css.note}>Buyers find and order this part by any of these, and see which number led to it.</p>
      {fields.length === 0 ? (
        <p className={css.note}>No other numbers yet.</p>
      ) : (
        <ol className={css.aliases}>
          {fields.map((field, i) => (
            <li key={field.id} className={css.aliasItem}>
              <div className={css.alias} role="group" aria-label={`Other number ${i + 1}`}>
                <FormSelect form={form} name={`aliases.${i}.kind`} label="Kind">
                  {ALIAS_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {ALIAS_KIND_LABEL[k]}
                    </option>
                  ))}
                </FormSelect>
                <FormInput form={form} name={`aliases.${i}.number`} label="Number" spellCheck={false} autoCapitalize="characters" maxLength={64} />
                <FormInput form={form} name={`aliases.${i}.brand`} label="Brand" helperText="For a maker’s number" maxLength={60} />
                <Button
                  variant="text"
                  className={css.remove}
                  aria-label={`Remove other number ${i + 1}`}
                  onClick={() => {
                    remove(i);
                    addRef.current?.focus();
                  }}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <Button
        ref={addRef}
        variant="outlined"
        className={css.add}
        disabled={fields.length >= MAX_ALIASES}
        onClick={() => append({ number: '', kind: 'oem', brand: '' }, { focusName: `aliases.${fields.length}.number` })}
      >
        Add a number
      </Button>
      <FormInput
        form={form}
        name="replacedBy"
        label="Replaced by"
        placeholder="FP-DFT-8H25"
        spellCheck={false}
        autoCapitalize="characters"
        maxLength={64}
        helperText="The part number of the part to order instead: this one is then discontinued. Empty: it is current."
      />
    </fieldset>
  );
}

/** The form's values for how a tool is found, from the tool as read. */
export function findingValuesOf(t: {
  category: string | null;
  specs: Record<string, string>;
  aliases: { number: string; kind: AliasKind; brand?: string }[];
  replacedBy?: { partNumber: string } | null;
}): FindingForm {
  return {
    category: t.category ?? '',
    specs: Object.fromEntries(CATALOGUE_VOCABULARY.specs.map((s) => [s.key, t.specs[s.key] ?? ''])),
    aliases: t.aliases.map((a) => ({ number: a.number, kind: a.kind, brand: a.brand ?? '' })),
    replacedBy: t.replacedBy?.partNumber ?? '',
  };
}
