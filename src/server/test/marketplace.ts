// Fixtures of the freelance marketplace (issue 27): a freelancer offering services, and a valid request body.
import type { FastifyInstance } from 'fastify';
import type { SecurityService } from '#shared/security-services.ts';
import type { Db } from '#server/db/client.ts';
import { freelancers } from '#server/db/schema.ts';
import { createAccount, dateIn, sessionCookie } from './fixtures';

/** A freelancer account with its profile row offering `services` (as the profile form would set them). */
export async function createFreelancer(
  db: Db,
  opts: { name?: string; services?: SecurityService[]; headline?: string } = {},
) {
  const name = opts.name ?? 'Kabir Shah';
  const account = await createAccount(db, { roles: ['freelancer', 'user'], name });
  const [profile] = await db
    .insert(freelancers)
    .values({
      userId: account.id,
      name,
      skills: 'Burp Suite, Python',
      headline: opts.headline ?? 'Web and API pentester',
      services: opts.services ?? ['pentesting'],
      dayRatePaise: 1_500_000,
      published: true,
    })
    .returning({ id: freelancers.id });
  // profileId: the public profile's id (/freelancers/:id), which "Invite to a request" sends.
  return { ...account, profileId: profile.id, cookie: await sessionCookie(db, account.id) };
}

/** A request body the API accepts: a pentest of one web app, dates from the app's today. */
export const requestBody = (over: Record<string, unknown> = {}) => ({
  title: 'Pentest of our customer portal',
  service: 'pentesting',
  description: 'Authenticated and unauthenticated testing of the portal.',
  assets: [
    { type: 'web', identifier: 'https://portal.example.in', inScope: true },
    { type: 'api', identifier: 'https://api.example.in/v2', inScope: true },
    { type: 'web', identifier: 'https://blog.example.in', inScope: false },
  ],
  windowFrom: dateIn(10),
  windowTo: dateIn(20),
  budgetMinPaise: 5_000_000,
  budgetMaxPaise: 12_000_000,
  deadline: dateIn(30),
  ndaRequired: false,
  visibility: 'everyone',
  ...over,
});

export const proposalBody = (over: Record<string, unknown> = {}) => ({
  pricePaise: 9_000_000,
  days: 10,
  approach: 'OWASP WSTG-based testing of the portal and its API, with a retest.',
  milestones: [
    { title: 'Testing and report', amountPaise: 6_000_000 },
    { title: 'Retest', amountPaise: 3_000_000 },
  ],
  ...over,
});

/**
 * A hired freelancer (issue 27): a client posts a request, a freelancer proposes with two milestones (₹60,000
 * and ₹30,000), the client accepts, which starts the engagement.
 */
export async function createEngagement(
  app: { inject: FastifyInstance['inject'] },
  db: Db,
  opts: { clientName?: string; freelancerName?: string } = {},
) {
  const client = await createAccount(db, { roles: ['user'], name: opts.clientName ?? 'Asha Menon' });
  const clientCookie = await sessionCookie(db, client.id);
  const freelancer = await createFreelancer(db, { name: opts.freelancerName ?? 'Kabir Shah' });
  const call = (url: string, cookie: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const request = await call('/api/requests', clientCookie, { ...requestBody(), publish: true });
  if (request.statusCode !== 201) throw new Error(request.body);
  const requestId = request.json().id as string;
  const proposal = await call(
    `/api/freelancer/requests/${requestId}/proposal`,
    freelancer.cookie,
    proposalBody(),
  );
  if (proposal.statusCode !== 201) throw new Error(proposal.body);
  const proposalId = proposal.json().proposal.id as string;
  const accepted = await call(`/api/proposals/${proposalId}/accept`, clientCookie);
  if (accepted.statusCode !== 200) throw new Error(accepted.body);
  return {
    client: { ...client, cookie: clientCookie },
    freelancer,
    requestId,
    proposalId,
    engagementId: accepted.json().engagementId as string,
  };
}
