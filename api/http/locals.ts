/**
 * What the HTTP layer puts on res.locals, typed for every handler (declaration merging into
 * Express's own Locals interface). Set by: requestId() -> requestId, securityHeaders() ->
 * cspNonce, loadSession -> admin.
 */
export interface AdminPrincipal {
  adminId: string;
  email: string;
  csrfToken: string;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express exposes Locals only through this namespace.
  namespace Express {
    interface Locals {
      requestId?: string;
      cspNonce?: string;
      /**
       * The security headers of this response with the CSP's nonce replaced by these script
       * sources (hashes): what a server-rendered page is sent with (set by securityHeaders()).
       */
      securityHeadersFor?: (scriptSources: readonly string[]) => Array<[string, string]>;
      /** The signed-in administrator, or null; undefined when loadSession did not run. */
      admin?: AdminPrincipal | null;
    }
  }
}
