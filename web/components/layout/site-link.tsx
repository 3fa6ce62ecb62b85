import { Link, type LinkComponentProps } from '@tanstack/react-router';

/**
 * A router link to a site path given as a plain string. The layout links to pages other
 * helpers add (/calculator, /about, …); until their routes exist the typed `to` would reject
 * them, so the path is widened here in one place. Navigation still goes through the router.
 */
export function SiteLink({ to, ...props }: Omit<LinkComponentProps<'a'>, 'to'> & { to: string }) {
  // Widening cast: `to` is validated against the registered route tree, which may not
  // contain every layout link yet.
  return <Link to={to as LinkComponentProps<'a'>['to']} {...props} />;
}
