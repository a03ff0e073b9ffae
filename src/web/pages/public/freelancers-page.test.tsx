// /freelancers and /freelancers/:id (issue 27): the spec's coming-soon page while nobody is published, else the
// directory with its filters in the URL and Load More; a public profile, or "Freelancer not found".
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FreelancerCard, FreelancersPage as Page, PublicFreelancer } from '#shared/freelancers.ts';
import { mockApi, renderScreen, signedOut, type Handler } from '#web/testing/test-utils.tsx';
import FreelancersPage from './freelancers-page';
import FreelancerProfilePage from './freelancer-profile-page';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const routes = [
  { path: '/freelancers', element: <FreelancersPage /> },
  { path: '/freelancers/:id', element: <FreelancerProfilePage /> },
];
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const card = (n: number, extra: Partial<FreelancerCard> = {}): FreelancerCard => ({
  id: uuid(n),
  name: `Freelancer ${String(n).padStart(2, '0')}`,
  headline: `Headline ${n}`,
  services: ['pentesting'],
  skills: ['Burp Suite', 'Python'],
  dayRatePaise: (10000 + n) * 100,
  yearsExperience: 5,
  languages: ['English'],
  verifiedCredentials: 0,
  avgRating: null,
  reviewCount: 0,
  ...extra,
});

const directory =
  (total: number): Handler =>
  ({ url }) => {
    const page = Number(url.searchParams.get('page') ?? '1');
    const all = Array.from({ length: total }, (_, i) => card(i + 1));
    const body: Page = {
      items: all.slice((page - 1) * 8, page * 8),
      page,
      pageSize: 8,
      hasMore: page * 8 < total,
      total,
    };
    return { status: 200, body };
  };

describe('/freelancers', () => {
  it("stays the spec's coming-soon page with Back to Home and Contact Us while nobody is published", async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      'GET /api/freelancers': directory(0),
    });
    renderScreen(routes, '/freelancers');
    expect(await screen.findByText('Coming soon', { exact: true })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(screen.queryByRole('search')).toBeNull();
  });

  it('lists published freelancers, keeps filters in the URL and loads more', async () => {
    const { fetchMock } = mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      'GET /api/freelancers': directory(10),
    });
    const { router } = renderScreen(routes, '/freelancers');
    expect(await screen.findByRole('heading', { name: 'Hire a security freelancer' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('freelancer-card')).toHaveLength(8);
    expect(screen.getByTestId('freelancers-count')).toHaveTextContent('Showing 8 of 10 freelancers');
    const first = screen.getAllByTestId('freelancer-card')[0];
    expect(within(first).getByRole('link', { name: 'Freelancer 01' })).toHaveAttribute(
      'href',
      `/freelancers/${uuid(1)}`,
    );
    expect(within(first).getByTestId('freelancer-rate')).toHaveTextContent('₹10,001 per day');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(screen.getAllByTestId('freelancer-card')).toHaveLength(10));
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();

    await user.selectOptions(screen.getByLabelText('Service'), 'forensics');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'rate-high');
    await user.click(screen.getByLabelText('Verified only'));
    await user.type(screen.getByLabelText('Skill'), 'OSINT');
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?service=forensics&sort=rate-high&verified=true&skill=OSINT',
      ),
    );
    await waitFor(() => {
      const last = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
      expect(Object.fromEntries(last.searchParams)).toEqual({
        service: 'forensics',
        sort: 'rate-high',
        verified: 'true',
        skill: 'OSINT',
        page: '1',
      });
    });
  });

  it('says no one matches a filter, offering to clear it', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      'GET /api/freelancers': directory(0),
    });
    renderScreen(routes, '/freelancers?service=training');
    expect(
      await screen.findByRole('heading', { name: 'No freelancers match your search' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute('href', '/freelancers');
  });
});

describe('/freelancers/:id', () => {
  const profile: PublicFreelancer = {
    ...card(1, { name: 'Aditi Kulkarni', headline: 'Cloud security reviews', verifiedCredentials: 1 }),
    services: ['cloud-security', 'pentesting'],
    skills: ['AWS', 'Kubernetes'],
    dayRatePaise: 2_400_000,
    yearsExperience: 9,
    languages: ['English', 'Marathi'],
    portfolioLinks: ['https://github.com/aditi-cloudsec'],
    reviews: [],
    credentials: [
      {
        id: uuid(9),
        kind: 'certification',
        name: 'CKS',
        issuer: 'The Linux Foundation',
        url: 'https://www.credly.com/badges/x',
        expired: false,
        verifiedAt: '2026-10-01T10:00:00.000Z',
      },
    ],
    updatedAt: '2026-10-01T10:00:00.000Z',
  };

  it('shows the public profile with verified credentials and no invented rating', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      [`GET /api/freelancers/${uuid(1)}`]: { status: 200, body: profile },
    });
    renderScreen(routes, `/freelancers/${uuid(1)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Aditi Kulkarni' })).toBeInTheDocument();
    expect(document.title).toBe('Aditi Kulkarni, security freelancer | Shark Security');
    expect(screen.getByText('Cloud security reviews')).toBeInTheDocument();
    expect(screen.getByTestId('freelancer-rate')).toHaveTextContent('₹24,000 per day');
    expect(screen.getByText('9 years of experience')).toBeInTheDocument();
    expect(screen.getByText('English, Marathi')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cloud Security' })).toHaveAttribute(
      'href',
      '/freelancers?service=cloud-security',
    );
    expect(screen.getByRole('link', { name: 'Kubernetes' })).toHaveAttribute(
      'href',
      '/freelancers?skill=Kubernetes',
    );
    expect(screen.getByRole('link', { name: 'github.com/aditi-cloudsec' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow ugc',
    );
    const creds = screen.getByRole('list', { name: 'Verified credentials' });
    expect(within(creds).getByRole('link', { name: 'CKS' })).toBeInTheDocument();
    expect(screen.getByText('Verified', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('No reviews yet.')).toBeInTheDocument();
    expect(screen.queryByText(/★|out of 5/)).toBeNull();
  });

  it('says "Freelancer not found" for a draft or unknown id', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut } });
    renderScreen(routes, `/freelancers/${uuid(2)}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Freelancer not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Freelancers' })).toHaveAttribute('href', '/freelancers');
  });
});
