/**
 * The back office's sections, declared by each feature in its `admin.ts` and gathered in one
 * list (web/admin-sections.ts): the admin navigation, the dashboard's counts and its section
 * cards read them in `order`, so the layout and the dashboard name no capability. Each feature
 * says which roles see its part (`roles`; default: administrators only); the signed-in
 * account's menu is `menuForRole`. Showing is not allowing: the server checks every page and
 * request against the one policy (domain/admins/roles.ts), and a test keeps the two in step.
 */
import type { LinkProps } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import type { AdminRole } from '../../domain/admins/roles';

/** Who sees an item: its own `roles`, else its declaration's, else administrators only. */
interface SeenBy {
  roles?: readonly AdminRole[];
}

const ADMINISTRATORS_ONLY: readonly AdminRole[] = ['administrator'];

/** A path of the back office (a route without parameters). */
export type AdminPath = NonNullable<LinkProps['to']>;

/** A link in the admin navigation. */
export interface AdminNavLink extends SeenBy {
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
export type DashboardCount = SeenBy & {
  label: string;
  icon: LucideIcon;
  /** The screen the tile opens, if any. */
  path?: AdminPath;
  order: number;
} & ({ counter: string } | { useValue: () => CountValue });

/** A card under the dashboard's Sections. */
export interface DashboardSection extends SeenBy {
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
export interface DashboardPanel extends SeenBy {
  id: string;
  Panel: ComponentType;
  order: number;
}

/** One feature's part of the back office (web/features/<cap>/admin.ts). */
export interface AdminDeclaration {
  /** The roles that see this feature's items (an item's own `roles` wins); default administrators. */
  roles?: readonly AdminRole[];
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

/** Each item with the roles that see it written out. */
const seenBy =
  (declaration: AdminDeclaration) =>
  <T extends SeenBy>(item: T): T => ({
    ...item,
    roles: item.roles ?? declaration.roles ?? ADMINISTRATORS_ONLY,
  });

/** Every feature's declarations as the navigation, counts, panels and sections, each in order. */
export function adminMenu(declarations: readonly AdminDeclaration[]): AdminMenu {
  const all = <T extends SeenBy & { order: number }>(
    pick: (d: AdminDeclaration) => readonly T[] | undefined,
  ) => byOrder(declarations.flatMap((d) => (pick(d) ?? []).map(seenBy(d))));
  return {
    nav: all((d) => d.nav),
    counts: all((d) => d.counts),
    panels: all((d) => d.panels),
    sections: all((d) => d.sections),
  };
}

/** Whether `role` sees an item of the menu (administrators only when it names no roles). */
export const seenByRole = (item: SeenBy, role: AdminRole): boolean =>
  (item.roles ?? ADMINISTRATORS_ONLY).includes(role);

/** The part of the menu `role` sees: its navigation, dashboard counts, panels and cards. */
export function menuForRole(menu: AdminMenu, role: AdminRole): AdminMenu {
  const seen = <T extends SeenBy>(items: readonly T[]) => items.filter((i) => seenByRole(i, role));
  return {
    nav: seen(menu.nav),
    counts: seen(menu.counts),
    panels: seen(menu.panels),
    sections: seen(menu.sections),
  };
}
