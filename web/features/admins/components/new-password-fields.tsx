import type { ChangeEvent } from 'react';
import { Input } from '../../../components/ui/input';
import { Field, describedBy } from '../../../components/field';
import { MIN_ADMIN_PASSWORD_LENGTH } from '../credentials';

type NewPasswordField = 'password' | 'confirmPassword';

/** Password and its confirmation, as the setup link and an invitation ask for them. */
export function NewPasswordFields({
  idPrefix,
  hint,
  values,
  errors,
  disabled,
  onChange,
}: {
  /** 'admin-setup' gives the ids admin-setup-password and admin-setup-confirmPassword. */
  idPrefix: string;
  hint: string;
  values: Record<NewPasswordField, string>;
  errors: Partial<Record<NewPasswordField, string>>;
  disabled: boolean;
  onChange: (field: NewPasswordField) => (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const passwordId = `${idPrefix}-password`;
  const confirmId = `${idPrefix}-confirmPassword`;
  return (
    <>
      <Field id={passwordId} label="Password" required hint={hint} error={errors.password}>
        <Input
          {...describedBy(passwordId, errors.password, true)}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_ADMIN_PASSWORD_LENGTH}
          disabled={disabled}
          value={values.password}
          onChange={onChange('password')}
        />
      </Field>
      <Field id={confirmId} label="Confirm password" required error={errors.confirmPassword}>
        <Input
          {...describedBy(confirmId, errors.confirmPassword)}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          disabled={disabled}
          value={values.confirmPassword}
          onChange={onChange('confirmPassword')}
        />
      </Field>
    </>
  );
}
