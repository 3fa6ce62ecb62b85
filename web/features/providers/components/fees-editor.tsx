/**
 * The provider's fees (issue 25): membership or programme fee per month and whether it includes
 * the medication, one-time fees (consult, labs, other, each named), shipping per order; every
 * amount entered as an amount, 'Included' or 'Unknown' (unknown is never read as zero).
 */
import { useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import type { AdminProviderView } from '../../../../api/providers/contracts';
import { Button } from '../../../components/ui/button';
import {
  ONE_TIME_FEE_NAMES,
  ONE_TIME_FEE_NAME_LABELS,
  errorAt,
  feesToValues,
  validateFees,
  valuesToFees,
  type FeesValues,
  rechecked,
} from '../facts-form';
import { useUpdateFees } from '../api/update-fees';
import { AmountField, ChoiceField, FieldGroup, TextInput, YesNoField } from './fact-fields';
import { FactSection, type FactSectionContext } from './fact-section';
import { FactSourceField } from './fact-source-field';

const NAME_OPTIONS = ONE_TIME_FEE_NAMES.map((n) => ({
  value: n,
  label: ONE_TIME_FEE_NAME_LABELS[n],
}));

export function FeesEditor({
  provider,
  context,
}: {
  provider: AdminProviderView;
  context: FactSectionContext;
}) {
  const [fees, setFees] = useState(() => feesToValues(provider.facts?.fees, provider.websiteUrl));
  const update = useUpdateFees();
  const set = (patch: Partial<FeesValues>) => setFees({ ...fees, ...patch });
  const setFee = (index: number, patch: Partial<FeesValues['oneTime'][number]>) =>
    set({ oneTime: fees.oneTime.map((fee, i) => (i === index ? { ...fee, ...patch } : fee)) });

  return (
    <FactSection
      group="fees"
      description="What a patient pays besides the medication. 'Unknown' when the provider does not say."
      context={context}
      values={fees}
      validate={validateFees}
      send={(values, expectedRevision) =>
        update.mutateAsync({ id: context.providerId, fees: valuesToFees(values), expectedRevision })
      }
      entered={Boolean(provider.facts?.fees)}
      setValues={setFees}
      recheck={rechecked}
    >
      {(errors) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <AmountField
              id="fees-membership"
              label="Membership or programme fee per month"
              value={fees.membership}
              onChange={(membership) => set({ membership })}
              error={errorAt(errors, 'membership.amount')}
            />
            <YesNoField
              id="fees-includes-medication"
              label="Membership includes the medication"
              value={fees.includesMedication}
              onChange={(includesMedication) => set({ includesMedication })}
              hint="If yes: enter the price as the offers' monthly prices and this fee as included."
              error={errorAt(errors, 'membership.includesMedication')}
            />
            <AmountField
              id="fees-shipping"
              label="Shipping per order"
              value={fees.shippingPerOrder}
              onChange={(shippingPerOrder) => set({ shippingPerOrder })}
              error={errorAt(errors, 'shippingPerOrder')}
            />
          </div>
          <div className="grid gap-3">
            <h3 className="text-sm font-semibold">One-time fees</h3>
            {fees.oneTime.length === 0 ? (
              <p className="text-sm text-muted-foreground">No one-time fees entered.</p>
            ) : null}
            {fees.oneTime.map((fee, index) => (
              <FieldGroup key={index} legend={`One-time fee ${index + 1}`}>
                <div className="grid gap-4 sm:grid-cols-3">
                  <ChoiceField
                    id={`fees-one-time-${index}-name`}
                    label="Fee for"
                    value={fee.name}
                    options={NAME_OPTIONS}
                    onChange={(name) => setFee(index, { name })}
                    error={errorAt(errors, `oneTime.${index}.name`)}
                  />
                  <TextInput
                    id={`fees-one-time-${index}-label`}
                    label="Label"
                    value={fee.label}
                    onChange={(label) => setFee(index, { label })}
                    hint={fee.name === 'other' ? 'Required: what it is for.' : 'Optional.'}
                    error={errorAt(errors, `oneTime.${index}.label`)}
                  />
                  <AmountField
                    id={`fees-one-time-${index}-amount`}
                    label="Amount"
                    value={fee.amount}
                    onChange={(amount) => setFee(index, { amount })}
                    error={errorAt(errors, `oneTime.${index}.amount`)}
                  />
                </div>
                <div>
                  <Button
                    type="button"
                    variant="ghost"
                    className="h-11 text-destructive"
                    onClick={() => set({ oneTime: fees.oneTime.filter((_, i) => i !== index) })}
                  >
                    <Trash2 aria-hidden="true" />
                    Remove one-time fee {index + 1}
                  </Button>
                </div>
              </FieldGroup>
            ))}
            <div>
              <Button
                type="button"
                variant="outline"
                className="h-11"
                onClick={() =>
                  set({
                    oneTime: [
                      ...fees.oneTime,
                      { name: 'consult', label: '', amount: { kind: 'unknown', usd: '' } },
                    ],
                  })
                }
              >
                <Plus aria-hidden="true" />
                Add one-time fee
              </Button>
            </div>
          </div>
          <FactSourceField
            id="fees-checked"
            value={fees.checked}
            onChange={(checked) => set({ checked })}
            errors={errors}
            at="checked"
          />
        </>
      )}
    </FactSection>
  );
}
