import type { MouseEvent, ReactNode } from 'react';
import type { ApiClient } from '../../../api/contracts/http';
import { DollarSign, Scale, Syringe } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { BmiCalculator } from './bmi-calculator';
import { CostCalculator } from './cost-calculator';
import { DosageCalculator } from './dosage-calculator';
import { InfoCards } from './info-cards';
import { useHydrated } from '../../lib/use-hydrated';
import {
  activeTab,
  CALCULATOR_TABS,
  tabSearch,
  type CalculatorSearch,
  type CalculatorTab,
} from './search';
import type { CalculatorNav } from './use-calculator-form';
import { CALCULATOR_TITLE } from './meta';
export { CALCULATOR_TITLE, CALCULATOR_DESCRIPTION } from './meta';

const TAB_LABELS: Record<CalculatorTab, { label: string; icon: ReactNode }> = {
  dosage: { label: 'Dosage', icon: <Syringe aria-hidden="true" className="size-4" /> },
  cost: { label: 'Cost', icon: <DollarSign aria-hidden="true" className="size-4" /> },
  bmi: { label: 'BMI', icon: <Scale aria-hidden="true" className="size-4" /> },
};

export interface CalculatorPageProps extends CalculatorNav {
  /** The link for a search on this page (the tabs are links, so they work without JavaScript). */
  hrefFor: (search: CalculatorSearch) => string;
  /** Public reads (the cost calculator's 'Use a provider's price'). */
  api: ApiClient;
}

function isTab(value: string): value is CalculatorTab {
  return (CALCULATOR_TABS as readonly string[]).includes(value);
}

/** Three calculators in tabs; the tab and each calculator's last values live in the URL. */
export function CalculatorPage({ search, navigate, hrefFor, api }: CalculatorPageProps) {
  const tab = activeTab(search);
  const nav: CalculatorNav = { search, navigate };
  // Radix's roving focus makes only the selected tab a tab stop, and only once it runs: in the
  // server HTML every tab link stays reachable by keyboard for visitors without JavaScript.
  const hydrated = useHydrated();

  const select = (value: string) => {
    if (isTab(value) && value !== tab) navigate(tabSearch(search, value), { replace: true });
  };
  // The tab is a link for no-JS visitors and new-tab clicks; a plain click is the tab widget's.
  const onTabClick = (value: CalculatorTab) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    select(value);
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{CALCULATOR_TITLE}</h1>
        <p className="mt-3 text-base leading-7 text-muted-foreground sm:text-lg">
          Work out how much to draw for your dose, what a plan costs per mg, and your BMI. Free,
          private and nothing to sign up for: the values stay in this page's address.
        </p>
      </header>

      <Tabs value={tab} onValueChange={select} className="mt-8 gap-6">
        <TabsList aria-label="Calculators" className="sm:self-start">
          {CALCULATOR_TABS.map((value) => (
            <TabsTrigger key={value} value={value} asChild>
              {/* type: the trigger's button type does not belong on a link. */}
              <a
                href={hrefFor(tabSearch(search, value))}
                onClick={onTabClick(value)}
                type={undefined}
                {...(hydrated ? {} : { tabIndex: 0 })}
              >
                {TAB_LABELS[value].icon}
                {TAB_LABELS[value].label}
              </a>
            </TabsTrigger>
          ))}
        </TabsList>
        {/* All three stay mounted so typed values survive a tab switch; CSS hides the others. */}
        <TabsContent value="dosage" forceMount className="data-[state=inactive]:hidden">
          <DosageCalculator {...nav} api={api} />
        </TabsContent>
        <TabsContent value="cost" forceMount className="data-[state=inactive]:hidden">
          <CostCalculator {...nav} api={api} />
        </TabsContent>
        <TabsContent value="bmi" forceMount className="data-[state=inactive]:hidden">
          <BmiCalculator {...nav} />
        </TabsContent>
      </Tabs>

      <InfoCards />
    </div>
  );
}
