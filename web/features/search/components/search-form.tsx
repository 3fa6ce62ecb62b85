import { Search } from 'lucide-react';
import { SEARCH_QUERY_MAX_LENGTH } from '../../../../api/search/contracts';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

/** A GET form: the query lands in the URL, so it works without JavaScript and can be shared. */
export function SearchForm({
  action,
  id,
  label,
  defaultValue,
  button,
}: {
  action: string;
  id: string;
  label: string;
  defaultValue: string;
  button: string;
}) {
  return (
    <form
      method="get"
      action={action}
      role="search"
      aria-labelledby={`${id}-label`}
      className="mt-6 max-w-2xl"
    >
      <label htmlFor={id} id={`${id}-label`} className="mb-2 block font-medium">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          name="q"
          type="search"
          defaultValue={defaultValue}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          className="sm:flex-1"
        />
        <Button type="submit">
          <Search className="size-4" aria-hidden="true" />
          {button}
        </Button>
      </div>
    </form>
  );
}
