/**
 * The back office's sections, declared by each feature in its `admin.ts` and gathered in one
 * list (web/admin-sections.ts): the admin navigation, the dashboard's counts and its section
 * cards read them in `order`, so the layout and the dashboard name no capability.
 */
import type { LinkProps } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';

/** A path of the back office (a route without parameters). */
export type AdminPath = NonNullable<LinkProps['to']>;

/** A link in the admin navigation. */
export interface AdminNavLink {
  label: string;
  path: AdminPath;
  order: number;
}

/** What a count tile shows, as a TanStack Query result has it. */
export interface CountValue {
  data: number | undefined;
  isPending: boolean;
}

/** A count on the dashboard: a counter of GET /api/admin/dashboard, or the feature's own read. */
export type DashboardCount = {
  label: string;
  icon: LucideIcon;
  /** The screen the tile opens, if any. */
  path?: AdminPath;
  order: number;
} & ({ counter: string } | { useValue: () => CountValue });

/** A card under the dashboard's Sections. */
export interface DashboardSection {
  title: string;
  description: string;
  icon: LucideIcon;
  path: AdminPath;
  order: number;
}

/**
 * A card the feature draws itself on the dashboard, for what one count cannot say (a last
 * issue's numbers, a last run's outcome). It reads its own data; its heading is an h2.
 */
export interface DashboardPanel {
  id: string;
  Panel: ComponentType;
  order: number;
}

/** One feature's part of the back office (web/features/<cap>/admin.ts). */
export interface AdminDeclaration {
  nav?: readonly AdminNavLink[];
  counts?: readonly DashboardCount[];
  panels?: readonly DashboardPanel[];
  sections?: readonly DashboardSection[];
}

export interface AdminMenu {
  nav: readonly AdminNavLink[];
  counts: readonly DashboardCount[];
  panels: readonly DashboardPanel[];
  sections: readonly DashboardSection[];
}

const byOrder = <T extends { order: number }>(items: T[]): T[] =>
  items.sort((a, b) => a.order - b.order);

/** Every feature's declarations as the navigation, counts, panels and sections, each in order. */
export function adminMenu(declarations: readonly AdminDeclaration[]): AdminMenu {
  return {
    nav: byOrder(declarations.flatMap((d) => d.nav ?? [])),
    counts: byOrder(declarations.flatMap((d) => d.counts ?? [])),
    panels: byOrder(declarations.flatMap((d) => d.panels ?? [])),
    sections: byOrder(declarations.flatMap((d) => d.sections ?? [])),
  };
}
