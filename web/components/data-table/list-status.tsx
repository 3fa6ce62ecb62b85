import { LiveMessage } from '../field';
import { Button } from '../ui/button';
import { errorMessage } from '../../lib/http-client';

/** What a list's query says about itself, as TanStack Query's result has it. */
export interface ListQuery {
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
  refetch(): Promise<unknown>;
}

/**
 * A back-office list's state for screen readers ('3 providers shown') and, when loading failed,
 * the error with 'Try again'. `noun` is [singular, plural].
 */
export function ListStatus({
  query,
  total,
  noun,
}: {
  query: ListQuery;
  total: number;
  noun: readonly [string, string];
}) {
  const [one, many] = noun;
  return (
    <>
      <p role="status" aria-live="polite" className="sr-only">
        {query.isPending
          ? `Loading ${many}...`
          : query.isSuccess
            ? `${total} ${total === 1 ? one : many} shown`
            : ''}
      </p>
      {query.isError ? (
        <div className="grid gap-3">
          <LiveMessage
            message={`Failed to load ${many}. ${errorMessage(query.error, '')}`.trim()}
          />
          <div>
            <Button variant="outline" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}
