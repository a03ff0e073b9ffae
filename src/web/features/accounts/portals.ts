// The login portals as the login pages show them; where each lands comes from the route table (PORTAL_HOME).
import type { Role } from '#shared/constants.ts';
import { LOGIN_PORTALS, type LoginPortal } from '#shared/accounts.ts';
import { paths, PORTAL_HOME } from '#shared/routes.ts';

export interface PortalInfo {
  portal: LoginPortal;
  /** The role a signed-in visitor needs to be sent straight on instead of seeing the form. */
  role: Role;
  title: string;
  tagline: string;
  dashboard: string;
  /** Where a newcomer without an account goes; sharks apply, admins are made by the company. */
  signup: { to: string; label: string } | null;
  social: boolean;
}

export const PORTALS: Record<LoginPortal, PortalInfo> = {
  user: {
    portal: 'user',
    role: 'user',
    title: 'User Login',
    tagline: 'Book sessions with sharks and follow your favourite mentors.',
    dashboard: PORTAL_HOME.user,
    signup: { to: paths.signup.user, label: 'Create a learner account' },
    social: true,
  },
  shark: {
    portal: 'shark',
    role: 'shark',
    title: 'Shark Login',
    tagline: 'Manage your profile, courses and enrolled students.',
    dashboard: PORTAL_HOME.shark,
    signup: { to: paths.signup.shark, label: 'Apply to become a shark' },
    social: true,
  },
  freelancer: {
    portal: 'freelancer',
    role: 'freelancer',
    title: 'Freelancer Login',
    tagline: 'Keep your skills profile current and answer client requests.',
    dashboard: PORTAL_HOME.freelancer,
    signup: { to: paths.signup.freelancer, label: 'Create a freelancer account' },
    social: true,
  },
  admin: {
    portal: 'admin',
    role: 'admin',
    title: 'Admin Login',
    tagline: 'Create shark accounts and read what visitors sent.',
    dashboard: PORTAL_HOME.admin,
    signup: null,
    social: false,
  },
};

export const isPortal = (value: string | undefined): value is LoginPortal =>
  (LOGIN_PORTALS as readonly string[]).includes(value ?? '');

/**
 * A `next` target from the URL, only when it is a path on this site: a single leading '/'.
 * '//evil.example' and '/\evil.example' are protocol-relative in browsers, so they are refused.
 */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/')) return null;
  if (next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}

/** Carries `?next=` from the chooser to a portal, so a guarded page is reached after logging in. */
export const withNext = (to: string, next: string | null) =>
  next ? `${to}?next=${encodeURIComponent(next)}` : to;
