import type { StaffRole } from '@tablo/contract/staff';

export type StaffScreen = 'board' | 'kitchen' | 'tables' | 'menu' | 'payments';

/** Links to the staff console's screens; like every route, the language is the last segment. */
export const staffLinks = {
  login: (lang: string, next?: string) =>
    `/staff/login/${encodeURIComponent(lang)}${next ? `?next=${encodeURIComponent(next)}` : ''}`,
  screen: (screen: StaffScreen, lang: string) => `/staff/${screen}/${encodeURIComponent(lang)}`,
  /** The team screen (issue 26), a lazily loaded route of its own. */
  team: (lang: string) => `/staff/team/${encodeURIComponent(lang)}`,
  /** The set-up screen (issue 26): checklist, settings, tables. */
  setup: (lang: string) => `/staff/setup/${encodeURIComponent(lang)}`,
  /** The menu editor (issue 26), in the team screen's chunk. */
  menuEditor: (lang: string) => `/staff/menu-editor/${encodeURIComponent(lang)}`,
  /** The opening hours (issue 28), a lazily loaded route of its own. */
  hours: (lang: string) => `/staff/hours/${encodeURIComponent(lang)}`,
  /** The printers (issue 28), a lazily loaded route of its own. */
  printers: (lang: string) => `/staff/printers/${encodeURIComponent(lang)}`,
  /** The day's figures (issue 28), a lazily loaded route of its own. */
  figures: (lang: string) => `/staff/figures/${encodeURIComponent(lang)}`,
  /** "Forgot your password?" (issue 24 point 10): the accounts screens' reset flow. */
  forgotPassword: (lang: string) => `/account/forgot-password/${encodeURIComponent(lang)}`,
};

/** Where a member lands after logging in: the kitchen sees its own view first. */
export function homeScreen(role: StaffRole): StaffScreen {
  return role === 'KITCHEN' ? 'kitchen' : 'board';
}

/** A `next` address is followed only inside the console (never to another site). */
export function safeNext(next: string | null): string | null {
  return next &&
    /^\/staff\/(board|kitchen|tables|menu|menu-editor|team|setup|payments|hours|printers|figures)(\/[a-z]{2})?$/.test(
      next,
    )
    ? next
    : null;
}
