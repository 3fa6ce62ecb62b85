/** A read that answered 404 (in process during SSR, over HTTP in the browser). */
export function isNotFound(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404
  );
}
