/**
 * The provider's care and trust facts (issue 25): pharmacy and its type, medical director,
 * visit type, LegitScript status with its record, HSA/FSA receipts, insurance help, cautions,
 * and whether the site is paid for the provider's link (commission: a label the ranking never
 * reads). Risky wording about a compounded offer is warned about next to its field.
 */
import { useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import type { AdminProviderView } from '../../../../api/providers/contracts';
import { Button } from '../../../components/ui/button';
import {
  LEGITSCRIPT_LABELS,
  LEGITSCRIPT_STATUSES,
  PHARMACY_TYPES,
  PHARMACY_TYPE_LABELS,
  VISIT_TYPES,
  VISIT_TYPE_LABELS,
  claimWarning,
  errorAt,
  trustToValues,
  validateTrust,
  valuesToTrust,
  type TrustValues,
  rechecked,
} from '../facts-form';
import { useUpdateTrust } from '../api/update-trust';
import { ChoiceField, FieldGroup, TextInput, YesNoField } from './fact-fields';
import { FactSection, type FactSectionContext } from './fact-section';
import { FactSourceField } from './fact-source-field';

const options = <T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>) =>
  values.map((value) => ({ value, label: labels[value] }));

export function TrustEditor({
  provider,
  context,
  compounded,
}: {
  provider: AdminProviderView;
  context: FactSectionContext;
  /** Whether the provider's offers on screen include a compounded one (claim warnings). */
  compounded: boolean;
}) {
  const [trust, setTrust] = useState(() =>
    trustToValues(provider.facts?.trust, provider.websiteUrl),
  );
  const update = useUpdateTrust();
  const set = (patch: Partial<TrustValues>) => setTrust({ ...trust, ...patch });
  const setCaution = (index: number, patch: Partial<TrustValues['cautions'][number]>) =>
    set({ cautions: trust.cautions.map((c, i) => (i === index ? { ...c, ...patch } : c)) });

  return (
    <FactSection
      group="trust"
      description="Who compounds and prescribes, how visits work, and what a patient can check."
      context={context}
      values={trust}
      validate={validateTrust}
      send={(values, expectedRevision) =>
        update.mutateAsync({
          id: context.providerId,
          trust: valuesToTrust(values),
          expectedRevision,
        })
      }
      entered={Boolean(provider.facts?.trust)}
      setValues={setTrust}
      recheck={rechecked}
    >
      {(errors) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              id="trust-pharmacy-name"
              label="Pharmacy name"
              value={trust.pharmacyName}
              onChange={(pharmacyName) => set({ pharmacyName })}
              hint="Empty when the provider does not name it."
              error={errorAt(errors, 'pharmacyName')}
              warning={claimWarning(trust.pharmacyName, compounded)}
            />
            <ChoiceField
              id="trust-pharmacy-type"
              label="Pharmacy type"
              value={trust.pharmacyType}
              options={options(PHARMACY_TYPES, PHARMACY_TYPE_LABELS)}
              onChange={(pharmacyType) => set({ pharmacyType })}
              error={errorAt(errors, 'pharmacyType')}
            />
            <TextInput
              id="trust-medical-director"
              label="Medical director"
              value={trust.medicalDirector}
              onChange={(medicalDirector) => set({ medicalDirector })}
              hint="Empty when the provider does not name one."
              error={errorAt(errors, 'medicalDirector')}
              warning={claimWarning(trust.medicalDirector, compounded)}
            />
            <ChoiceField
              id="trust-visit-type"
              label="Visit type"
              value={trust.visitType}
              options={options(VISIT_TYPES, VISIT_TYPE_LABELS)}
              onChange={(visitType) => set({ visitType })}
              error={errorAt(errors, 'visitType')}
            />
            <ChoiceField
              id="trust-legitscript-status"
              label="LegitScript status"
              value={trust.legitScriptStatus}
              options={options(LEGITSCRIPT_STATUSES, LEGITSCRIPT_LABELS)}
              onChange={(legitScriptStatus) => set({ legitScriptStatus })}
              error={errorAt(errors, 'legitScriptStatus')}
            />
            <TextInput
              id="trust-legitscript-url"
              label="LegitScript record address"
              type="url"
              placeholder="https://"
              value={trust.legitScriptUrl}
              onChange={(legitScriptUrl) => set({ legitScriptUrl })}
              hint="The record on LegitScript's site (seals can be faked)."
              error={errorAt(errors, 'legitScriptUrl')}
            />
            <YesNoField
              id="trust-hsa-fsa"
              label="HSA/FSA receipts"
              value={trust.hsaFsaReceipts}
              onChange={(hsaFsaReceipts) => set({ hsaFsaReceipts })}
              error={errorAt(errors, 'hsaFsaReceipts')}
            />
            <YesNoField
              id="trust-insurance-help"
              label="Insurance or prior-authorisation help"
              value={trust.insuranceHelp}
              onChange={(insuranceHelp) => set({ insuranceHelp })}
              error={errorAt(errors, 'insuranceHelp')}
            />
            <YesNoField
              id="trust-commission"
              label="Commission: the site is paid for this provider's link"
              value={trust.commission}
              onChange={(commission) => set({ commission })}
              hint="Shown as a label on the card and page; the ranking never reads it."
              error={errorAt(errors, 'commission')}
            />
          </div>
          <div className="grid gap-3">
            <h3 className="text-sm font-semibold">Cautions</h3>
            {trust.cautions.length === 0 ? (
              <p className="text-sm text-muted-foreground">No cautions entered.</p>
            ) : null}
            {trust.cautions.map((caution, index) => (
              <FieldGroup key={index} legend={`Caution ${index + 1}`}>
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextInput
                    id={`trust-caution-${index}-text`}
                    label="What it is"
                    value={caution.text}
                    onChange={(text) => setCaution(index, { text })}
                    placeholder="e.g. FDA warning letter, 2025"
                    error={errorAt(errors, `cautions.${index}.text`)}
                  />
                  <TextInput
                    id={`trust-caution-${index}-url`}
                    label="Its address"
                    type="url"
                    placeholder="https://"
                    value={caution.url}
                    onChange={(url) => setCaution(index, { url })}
                    error={errorAt(errors, `cautions.${index}.url`)}
                  />
                </div>
                <div>
                  <Button
                    type="button"
                    variant="ghost"
                    className="h-11 text-destructive"
                    onClick={() => set({ cautions: trust.cautions.filter((_, i) => i !== index) })}
                  >
                    <Trash2 aria-hidden="true" />
                    Remove caution {index + 1}
                  </Button>
                </div>
              </FieldGroup>
            ))}
            <div>
              <Button
                type="button"
                variant="outline"
                className="h-11"
                onClick={() => set({ cautions: [...trust.cautions, { text: '', url: '' }] })}
              >
                <Plus aria-hidden="true" />
                Add caution
              </Button>
            </div>
          </div>
          <FactSourceField
            id="trust-checked"
            value={trust.checked}
            onChange={(checked) => set({ checked })}
            errors={errors}
            at="checked"
          />
        </>
      )}
    </FactSection>
  );
}
