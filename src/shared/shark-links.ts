// A shark's profile links (LinkedIn, GitHub, Hack The Box, TryHackMe): which sites, which hosts each accepts,
// and the one normalisation the form, the server and the seed share (decision 164). Free of zod, so the public
// profile reads the labels without loading schemas (decision 091).

export const SHARK_LINK_SITES = ['linkedin', 'github', 'hackthebox', 'tryhackme'] as const;
export type SharkLinkSite = (typeof SHARK_LINK_SITES)[number];
export type SharkLinks = Partial<Record<SharkLinkSite, string>>;

interface LinkSite {
  label: string;
  /** The site's own domain: the address must be on it or one of its subdomains. */
  domain: string;
  example: string;
}

export const LINK_SITE: Record<SharkLinkSite, LinkSite> = {
  linkedin: { label: 'LinkedIn', domain: 'linkedin.com', example: 'https://www.linkedin.com/in/your-name' },
  github: { label: 'GitHub', domain: 'github.com', example: 'https://github.com/your-name' },
  hackthebox: {
    label: 'Hack The Box',
    domain: 'hackthebox.com',
    example: 'https://app.hackthebox.com/profile/123456',
  },
  tryhackme: { label: 'TryHackMe', domain: 'tryhackme.com', example: 'https://tryhackme.com/p/your-name' },
};

export const LINK_MAX = 200;

export const LINK_MSG = {
  httpsOnly: (site: SharkLinkSite) => `${LINK_SITE[site].label} link must start with https://`,
  wrongSite: (site: SharkLinkSite) =>
    `${LINK_SITE[site].label} link must be an address on ${LINK_SITE[site].domain}`,
  noProfile: (site: SharkLinkSite) =>
    `${LINK_SITE[site].label} link must point to your profile, for example ${LINK_SITE[site].example}`,
  tooLong: (site: SharkLinkSite) =>
    `${LINK_SITE[site].label} link is too long (${LINK_MAX} characters at most)`,
} as const;

/**
 * The link as stored: https, the host lower-cased, no port, user name, query or fragment, no trailing slash. A
 * link typed without a scheme ("github.com/asha") gets https://; any other scheme, http included, is refused.
 * Returns the normalised link, or the message naming what is wrong.
 */
export function normaliseSharkLink(site: SharkLinkSite, raw: string): { link: string } | { error: string } {
  const typed = raw.trim();
  if (typed.length > LINK_MAX) return { error: LINK_MSG.tooLong(site) };
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(typed);
  if (hasScheme && !/^https:\/\//i.test(typed)) return { error: LINK_MSG.httpsOnly(site) };
  let url: URL;
  try {
    url = new URL(hasScheme ? typed : `https://${typed}`);
  } catch {
    return { error: LINK_MSG.wrongSite(site) };
  }
  const host = url.hostname.toLowerCase();
  const { domain } = LINK_SITE[site];
  if (url.username || url.password || url.port || (host !== domain && !host.endsWith(`.${domain}`)))
    return { error: LINK_MSG.wrongSite(site) };
  const path = url.pathname.replace(/\/+$/, '');
  if (path === '') return { error: LINK_MSG.noProfile(site) };
  return { link: `https://${host}${path}` };
}
