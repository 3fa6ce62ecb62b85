/**
 * Where a group of facts was read and the day it was checked: the source's address and kind,
 * and the checked date. Demo content says so instead of a date.
 */
import { SOURCE_KINDS } from '../../../../domain/providers/facts';
import { SOURCE_KIND_LABELS, errorAt, type CheckedValues } from '../facts-form';
import type { FieldErrors } from '../../../components/form/form-kit';
import { ChoiceField, FieldGroup, TextInput } from './fact-fields';

const KIND_OPTIONS = SOURCE_KINDS.map((kind) => ({ value: kind, label: SOURCE_KIND_LABELS[kind] }));

/**
 * The source fields of one group (or one offer). `errors` are the section's; `at` is where the
 * check sits in them ('checked', '0.checked').
 */
export function FactSourceField({
  id,
  value,
  onChange,
  errors,
  at,
  legend = 'Source and check',
}: {
  id: string;
  value: CheckedValues;
  onChange: (value: CheckedValues) => void;
  errors: FieldErrors;
  at: string;
  legend?: string;
}) {
  const set = (patch: Partial<CheckedValues>) => onChange({ ...value, ...patch });
  return (
    <FieldGroup legend={legend} className="sm:grid-cols-3">
      <TextInput
        id={`${id}-source-url`}
        label="Source address"
        type="url"
        placeholder="https://"
        value={value.sourceUrl}
        onChange={(sourceUrl) => set({ sourceUrl })}
        error={errorAt(errors, `${at}.source.url`) ?? errorAt(errors, `${at}.source`)}
      />
      <ChoiceField
        id={`${id}-source-kind`}
        label="Source kind"
        value={value.sourceKind}
        options={KIND_OPTIONS}
        onChange={(sourceKind) => set({ sourceKind })}
        error={errorAt(errors, `${at}.source.kind`)}
      />
      <TextInput
        id={`${id}-checked-on`}
        label="Checked on"
        type="date"
        value={value.checkedOn}
        onChange={(checkedOn) => set({ checkedOn })}
        hint={
          value.demo && value.checkedOn === ''
            ? 'Demo data: no date is shown until it is checked.'
            : 'Leave empty when not checked yet.'
        }
        error={errorAt(errors, `${at}.checkedOn`)}
      />
    </FieldGroup>
  );
}
