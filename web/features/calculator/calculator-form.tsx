import type { FormEvent, ReactNode, Ref } from 'react';
import { Calculator } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import type { CalculatorTab } from './search';

export interface CalculatorFormProps {
  tab: CalculatorTab;
  title: string;
  description: ReactNode;
  formRef: Ref<HTMLFormElement>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/**
 * A calculator's inputs as a plain GET form to /calculator: without JavaScript the browser
 * sends the named fields and the server renders the result; with it, onSubmit navigates
 * through the router instead. noValidate: the rules' messages are shown, not the browser's.
 */
export function CalculatorForm({
  tab,
  title,
  description,
  formRef,
  onSubmit,
  children,
}: CalculatorFormProps) {
  return (
    <Card className="p-5 sm:p-6">
      <form
        ref={formRef}
        id={`${tab}-form`}
        method="get"
        action="/calculator"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={`${tab}-form-title`}
        className="grid gap-5"
      >
        <input type="hidden" name="tab" value={tab} />
        <div className="grid gap-1.5">
          <h2 id={`${tab}-form-title`} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {children}
        <Button type="submit" size="lg" className="w-full sm:w-auto sm:justify-self-start">
          <Calculator aria-hidden="true" />
          Calculate
        </Button>
      </form>
    </Card>
  );
}
