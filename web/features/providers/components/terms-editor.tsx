/**
 * The provider's exit terms (issue 25): minimum term, auto-renew, cancellation notice, online
 * cancellation, refund after shipping, pause. An empty number and 'Unknown' are not entered.
 */
import { useState } from 'react';
import type { AdminProviderView } from '../../../../api/providers/contracts';
import {
  errorAt,
  termsToValues,
  validateTerms,
  valuesToTerms,
  type TermsValues,
  rechecked,
} from '../facts-form';
import { useUpdateTerms } from '../api/update-terms';
import { TextInput, YesNoField } from './fact-fields';
import { FactSection, type FactSectionContext } from './fact-section';
import { FactSourceField } from './fact-source-field';

const YES_NO_FIELDS = [
  ['autoRenew', 'Auto-renews'],
  ['onlineCancellation', 'Can be cancelled online'],
  ['refundAfterShipping', 'Refund after shipping'],
  ['pauseAllowed', 'Can be paused'],
] as const;

export function TermsEditor({
  provider,
  context,
}: {
  provider: AdminProviderView;
  context: FactSectionContext;
}) {
  const [terms, setTerms] = useState(() =>
    termsToValues(provider.facts?.terms, provider.websiteUrl),
  );
  const update = useUpdateTerms();
  const set = (patch: Partial<TermsValues>) => setTerms({ ...terms, ...patch });

  return (
    <FactSection
      group="terms"
      description="Can a patient leave? Empty or 'Unknown' when the provider does not say."
      context={context}
      values={terms}
      validate={validateTerms}
      send={(values, expectedRevision) =>
        update.mutateAsync({
          id: context.providerId,
          terms: valuesToTerms(values),
          expectedRevision,
        })
      }
      entered={Boolean(provider.facts?.terms)}
      setValues={setTerms}
      recheck={rechecked}
    >
      {(errors) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              id="terms-minimum-term"
              label="Minimum term (months)"
              inputMode="numeric"
              value={terms.minimumTermMonths}
              onChange={(minimumTermMonths) => set({ minimumTermMonths })}
              hint="0 for none; empty when unknown."
              error={errorAt(errors, 'minimumTermMonths')}
            />
            <TextInput
              id="terms-cancellation-notice"
              label="Cancellation notice (days)"
              inputMode="numeric"
              value={terms.cancellationNoticeDays}
              onChange={(cancellationNoticeDays) => set({ cancellationNoticeDays })}
              hint="0 for none; empty when unknown."
              error={errorAt(errors, 'cancellationNoticeDays')}
            />
            {YES_NO_FIELDS.map(([key, label]) => (
              <YesNoField
                key={key}
                id={`terms-${key}`}
                label={label}
                value={terms[key]}
                onChange={(value) => set({ [key]: value })}
                error={errorAt(errors, key)}
              />
            ))}
          </div>
          <FactSourceField
            id="terms-checked"
            value={terms.checked}
            onChange={(checked) => set({ checked })}
            errors={errors}
            at="checked"
          />
        </>
      )}
    </FactSection>
  );
}
