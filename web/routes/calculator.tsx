import { createFileRoute, useRouter } from '@tanstack/react-router';
import { CalculatorPage } from '../features/calculator/calculator-page';
import { CALCULATOR_DESCRIPTION, CALCULATOR_TITLE } from '../features/calculator/meta';
import { parseCalculatorSearch, type CalculatorSearch } from '../features/calculator/search';
import { pageHead } from '../lib/site';

/**
 * /calculator: dosage, cost and BMI calculators. The URL holds the tab and each calculator's
 * last values (see features/calculator/search.ts), so the server renders a result from a link.
 * The canonical link is the root route's: /calculator without the query string.
 */
export const Route = createFileRoute('/calculator')({
  validateSearch: parseCalculatorSearch,
  head: () => pageHead({ title: CALCULATOR_TITLE, description: CALCULATOR_DESCRIPTION }),
  component: CalculatorRoute,
});

function CalculatorRoute() {
  const search = Route.useSearch();
  const navigateTo = Route.useNavigate();
  const router = useRouter();
  const { api } = Route.useRouteContext();
  const navigate = (next: CalculatorSearch, options: { replace?: boolean } = {}) => {
    // The result sits beside (or under) the form: keep the scroll position.
    void navigateTo({ search: next, replace: options.replace, resetScroll: false });
  };
  const hrefFor = (next: CalculatorSearch) =>
    router.buildLocation({ to: '/calculator', search: next }).href;
  return <CalculatorPage search={search} navigate={navigate} hrefFor={hrefFor} api={api} />;
}
