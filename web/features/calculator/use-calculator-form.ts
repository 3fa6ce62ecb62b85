import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  formDiffers,
  formsFromSearch,
  isSubmitted,
  searchFromForm,
  submitSearch,
  type CalculatorForms,
  type CalculatorSearch,
  type CalculatorTab,
} from './search';

/**
 * After Calculate, take the visitor to what changed: the first field with a message, else the
 * result (on a phone it sits below the form).
 */
function focusOutcome(form: HTMLFormElement | null, result: HTMLElement | null) {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  (invalid ?? result)?.focus();
}

/** How a calculator reads and changes the URL; the route supplies both. */
export interface CalculatorNav {
  search: CalculatorSearch;
  navigate: (search: CalculatorSearch, options?: { replace?: boolean }) => void;
}

/**
 * One calculator's form. The inputs hold local text; the result and messages are always
 * computed from the URL (`urlForm`), so what is shown is what the link shares and what the
 * server renders. Calculate writes the form into the URL; when the URL changes some other way
 * (back button, a shared link), the inputs follow it.
 */
export function useCalculatorForm<T extends CalculatorTab>(
  tab: T,
  { search, navigate }: CalculatorNav,
) {
  const urlForm = formsFromSearch(search)[tab];
  const submitted = isSubmitted(search, tab);
  // Includes `submitted`: a first Calculate with the default values changes the key too.
  const urlKey = JSON.stringify([submitted, searchFromForm(tab, urlForm)]);
  const [state, setState] = useState({ key: urlKey, form: urlForm });
  let form = state.form;
  if (state.key !== urlKey) {
    // Adjusting state while rendering (React's documented pattern): no extra paint.
    setState({ key: urlKey, form: urlForm });
    form = urlForm;
  }

  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const focusPending = useRef(false);

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    focusOutcome(formRef.current, resultRef.current);
  }, [urlKey]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const unchanged = submitted && !formDiffers(tab, form, search);
    if (unchanged) focusOutcome(formRef.current, resultRef.current);
    else focusPending.current = true;
    navigate(submitSearch(search, tab, form));
  };

  const setField = <K extends keyof CalculatorForms[T]>(key: K, value: CalculatorForms[T][K]) =>
    setState((s) => ({ ...s, form: { ...s.form, [key]: value } }));

  /** The props of the input for `param`: its id, name, text and message. */
  const fieldProps = <K extends keyof CalculatorForms[T] & string>(param: K, error?: string) => ({
    id: `${tab}-${param}`,
    name: param,
    value: form[param],
    onChange: (value: CalculatorForms[T][K]) => setField(param, value),
    error,
  });

  /** Several inputs at once (e.g. converting the BMI values when the units switch). */
  const updateForm = (update: (form: CalculatorForms[T]) => CalculatorForms[T]) =>
    setState((s) => ({ ...s, form: update(s.form) }));

  return {
    /** The inputs' current text. */
    form,
    setField,
    updateForm,
    fieldProps,
    /** The values of the last Calculate (from the URL): compute results from these. */
    urlForm,
    /** Calculate was pressed for this tab (its fields are in the URL). */
    submitted,
    /** The inputs were edited since: the result shown is for the previous values. */
    dirty: submitted && formDiffers(tab, form, search),
    onSubmit,
    formRef,
    resultRef,
  };
}
