/**
 * The back office's form kit: TanStack Form bound to the design system's fields. An editor
 * keeps its values as plain data, validates them with the same zod schema the server uses
 * (turned into `FieldErrors` by path), and maps the server's 400 `fields` onto the same paths.
 * See web/README.md ("Forms").
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { createFormHook, createFormHookContexts, useStore } from '@tanstack/react-form';
import type { z } from 'zod';
import { useBlocker } from '@tanstack/react-router';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader } from '../ui/card';
import { Checkbox } from '../ui/checkbox';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { Switch } from '../ui/switch';
import { Textarea } from '../ui/textarea';
import { ConfirmDialog } from '../confirm-dialog';
import { Field, FieldError, LiveMessage, describedBy } from '../field';

/** Field path ('card.logoUrl', 'prices.semaglutide.0') -> message. */
export type FieldErrors = Record<string, string>;

/** The schema's problems with `value` by path ('card.logoUrl'), first message per path. */
export function schemaFieldErrors(schema: z.ZodType, value: unknown, prefix = ''): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of schema.safeParse(value).error?.issues ?? [])
    fields[[prefix, ...issue.path.map(String)].filter(Boolean).join('.')] ??= issue.message;
  return fields;
}

/** What a failed validation or save leaves on the form: the summary and every field's message. */
export interface FormProblems {
  summary: string;
  /** Not called `fields`: TanStack Form would read an error with `fields` as field meta errors. */
  byField: FieldErrors;
}

/**
 * The summary: each distinct problem once, `first` (e.g. the spec's required-fields sentence)
 * ahead of the rest, each ending with a full stop: 'Trustpilot score must be between 0 and 5.'
 */
export function errorSummary(errors: FieldErrors, first?: string): string {
  const messages = [...new Set(Object.values(errors))].sort(
    (a, b) => Number(b === first) - Number(a === first),
  );
  return messages.map((m) => (/[.!?]$/.test(m) ? m : `${m}.`)).join(' ');
}

/**
 * A form validator's answer from field errors: undefined when there are none, else the problems
 * as the form's error (the summary and every field's message, read by `FormErrorSummary` and
 * the bound fields). They are kept on the form, not on TanStack Form's field meta, so fixing a
 * field can never be blocked by a stale message, and rows without a field of their own
 * ('prices.semaglutide.2') get theirs too. `extra`: messages with no field.
 */
export function problems(
  fields: FieldErrors,
  options: { extra?: readonly string[]; first?: string; fallback?: string } = {},
): FormProblems | undefined {
  const extra = options.extra ?? [];
  if (Object.keys(fields).length === 0 && extra.length === 0 && !options.fallback) return undefined;
  const named = errorSummary(fields, options.first);
  const summary = [named || (options.fallback ?? ''), ...extra].filter(Boolean).join(' ');
  return { summary, byField: fields };
}

const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();

/** The DOM id of a field: 'card.logoUrl' -> 'field-card-logoUrl'. */
export const fieldDomId = (name: string) => `field-${name.replace(/[.[\]]+/g, '-')}`;

/** For a custom field component: the bound field, its DOM id and its first error message. */
export function useBoundField<T>() {
  const field = useFieldContext<T>();
  const submitted = useStore(field.form.store, (s) => s.errorMap.onSubmit);
  const own = field.state.meta.errors.find((e): e is string => typeof e === 'string');
  const error = own ?? (isProblems(submitted) ? submitted.byField[field.name] : undefined);
  return { field, id: fieldDomId(field.name), error };
}

export interface TextFieldProps {
  label: string;
  required?: boolean;
  hint?: string;
  placeholder?: string;
  type?: 'text' | 'url';
  /** A textarea with this many rows. */
  rows?: number;
  /** A decimal input from `min` to `max` (scores). */
  range?: { min: number; max: number; step: number };
  className?: string;
}

/** A labelled text, URL, number or multi-line input bound to a string field. */
function TextField({
  label,
  required,
  hint,
  placeholder,
  type,
  rows,
  range,
  className,
}: TextFieldProps) {
  const { field, id, error } = useBoundField<string>();
  const common = {
    ...describedBy(id, error, Boolean(hint)),
    name: field.name,
    value: field.state.value,
    placeholder,
    onBlur: field.handleBlur,
  };
  return (
    <Field
      id={id}
      label={label}
      required={required}
      hint={hint}
      error={error}
      className={className}
    >
      {rows ? (
        <Textarea {...common} rows={rows} onChange={(e) => field.handleChange(e.target.value)} />
      ) : (
        <Input
          {...common}
          required={required}
          autoComplete="off"
          type={range ? 'number' : (type ?? 'text')}
          inputMode={range ? 'decimal' : undefined}
          className={range ? 'tabular-nums' : undefined}
          {...range}
          onChange={(e) => field.handleChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** An on/off switch with its label and a hint, bound to a boolean field. */
function SwitchField({ label, hint }: { label: string; hint?: string }) {
  const { field, id } = useBoundField<boolean>();
  return (
    // On a phone the hint takes its own line under the switch and its label, instead of a
    // third squeezed column that wraps the label word by word.
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 sm:col-span-2">
      <Switch
        id={id}
        checked={field.state.value}
        onCheckedChange={(on) => field.handleChange(on)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <Label htmlFor={id}>{label}</Label>
      {hint ? (
        <span id={`${id}-hint`} className="basis-full text-sm text-muted-foreground sm:basis-auto">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

/** A group of checkboxes bound to a list field; the list keeps the options' order. */
function CheckboxGroupField<T extends string>({
  legend,
  options,
}: {
  legend: string;
  options: readonly { value: T; label: string }[];
}) {
  const { field, id, error } = useBoundField<T[]>();
  const set = (value: T, on: boolean) =>
    field.handleChange(
      options.map((o) => o.value).filter((v) => (v === value ? on : field.state.value.includes(v))),
    );
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="sr-only">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((option, index) => (
          <div key={option.value} className="flex min-h-11 items-center gap-3">
            <Checkbox
              id={index === 0 ? id : `${id}-${index}`}
              aria-invalid={error ? true : undefined}
              checked={field.state.value.includes(option.value)}
              onCheckedChange={(state) => set(option.value, state === true)}
            />
            <Label htmlFor={index === 0 ? id : `${id}-${index}`} className="font-normal">
              {option.label}
            </Label>
          </div>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/** The problems of the last submit: every field's message, and the summary. */
export function useFormProblems(): FormProblems | null {
  const form = useFormContext();
  const found = useStore(form.store, (s) => s.errorMap.onSubmit);
  return isProblems(found) ? found : null;
}

function isProblems(value: unknown): value is FormProblems {
  return typeof value === 'object' && value !== null && 'summary' in value && 'byField' in value;
}

/** The summary of the last submit's problems in a live region (assertive: read out at once). */
function FormErrorSummary() {
  return <LiveMessage message={useFormProblems()?.summary || null} />;
}

/** The submit button: disabled and relabelled while the form submits. */
/** The form (from its context) is being submitted: its buttons wait. */
function useSubmitting(): boolean {
  const form = useFormContext();
  return useStore(form.store, (s) => s.isSubmitting);
}

function SubmitButton({ label, pendingLabel }: { label: string; pendingLabel: string }) {
  const submitting = useSubmitting();
  return (
    <Button type="submit" disabled={submitting}>
      {submitting ? pendingLabel : label}
    </Button>
  );
}

/**
 * An editor's footer: Cancel (waits while the form is being submitted) and the submit button,
 * under a rule, side by side from 640 px up with the submit last.
 */
function FormFooter({
  submitLabel,
  pendingLabel = 'Saving...',
  onCancel,
}: {
  submitLabel: string;
  pendingLabel?: string;
  onCancel: () => void;
}) {
  const submitting = useSubmitting();
  return (
    <div className="flex flex-col-reverse gap-2 border-t border-border pt-6 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel} disabled={submitting}>
        Cancel
      </Button>
      <SubmitButton label={submitLabel} pendingLabel={pendingLabel} />
    </div>
  );
}

export const { useAppForm, withForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, SwitchField, CheckboxGroupField },
  formComponents: { FormErrorSummary, SubmitButton, FormFooter },
});

/**
 * The `<form>` element for a kit form: no browser validation, one submit at a time, and after
 * a refused submit the first invalid control takes the focus.
 */
export function KitForm({
  form,
  className,
  children,
}: {
  form: { handleSubmit: () => Promise<void>; state: { isSubmitting: boolean } };
  className?: string;
  children: ReactNode;
}) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.state.isSubmitting) return;
    const element = event.currentTarget;
    void form
      .handleSubmit()
      .then(() =>
        requestAnimationFrame(() =>
          element.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
        ),
      );
  };
  return (
    <form onSubmit={onSubmit} noValidate className={className}>
      {children}
    </form>
  );
}

/**
 * Asks before leaving with unsaved changes: the router's blocker (links, Back, Cancel) and the
 * browser's `beforeunload` (reload, closing the tab). Render the element it returns.
 */
export function useUnsavedChangesPrompt(dirty: () => boolean, what: string): ReactNode {
  const blocker = useBlocker({
    shouldBlockFn: dirty,
    enableBeforeUnload: dirty,
    withResolver: true,
  });
  const stay = () => blocker.reset?.();
  return (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      onOpenChange={(next) => (next ? undefined : stay())}
      title="Leave without saving?"
      description={`Your changes to ${what} have not been saved.`}
      cancelLabel="Keep editing"
      confirmLabel="Discard changes"
      onConfirm={() => blocker.proceed?.()}
    />
  );
}

/**
 * An editor's frame: its title as the page's h1, focused when it opens (the editor replaces a
 * list, so keyboard and screen-reader users follow), and the note on required fields.
 */
export function EditorCard({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card>
      <CardHeader>
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
          {title}
        </h1>
        <p className="text-sm text-muted-foreground">
          Fields marked <span aria-hidden="true">*</span>
          <span className="sr-only">as required</span> are required.
        </p>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** A titled part of a form; its children in two columns from 640 px unless `grid` is false. */
export function FormSection(props: {
  title: string;
  description?: string;
  grid?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-4">
      <div>
        <h2 className="text-lg font-semibold">{props.title}</h2>
        {props.description ? (
          <p className="text-sm text-muted-foreground">{props.description}</p>
        ) : null}
      </div>
      {props.grid === false ? (
        props.children
      ) : (
        <div className="grid gap-5 sm:grid-cols-2">{props.children}</div>
      )}
    </section>
  );
}

/** Shown when a save was refused because someone else changed the record (a 409). */
export function ConflictNotice({
  what,
  onReload,
}: {
  what: string;
  onReload: () => Promise<void>;
}) {
  const [reloading, setReloading] = useState(false);
  const reload = () => {
    setReloading(true);
    void onReload().finally(() => setReloading(false));
  };
  return (
    <div
      role="alert"
      className="grid gap-3 rounded-md border border-destructive/40 bg-destructive-soft p-4 text-sm"
    >
      <p className="font-medium text-destructive">
        This {what} was changed by someone else after you opened it, so your changes were not saved.
      </p>
      <p>
        Reload to see the latest version (your unsaved changes here will be lost), then make your
        changes again.
      </p>
      <div>
        <Button variant="outline" onClick={reload} disabled={reloading}>
          {reloading ? 'Reloading...' : `Reload ${what}`}
        </Button>
      </div>
    </div>
  );
}
