import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Shark, SharksPage as SharksPageBody } from '#shared/catalogue.ts';
import { mockApi, polyfillRadix, renderScreen, signedOut, type Handler } from '#web/testing/test-utils.tsx';
import SharksPage from './sharks-page';

beforeEach(polyfillRadix);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const routes = [{ path: '/sharks', element: <SharksPage /> }];

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const shark = (n: number, extra: Partial<Shark> = {}): Shark => ({
  id: uuid(n),
  name: `Shark ${String(n).padStart(2, '0')}`,
  codeName: null,
  specialization: 'pentesting',
  experience: 5,
  bio: `Bio of shark ${n}.`,
  photoUrl: `/media/avatars/sharks/${n}/profile.webp`,
  headline: null,
  languages: [],
  skills: [],
  links: {},
  studentCount: 12,
  avgRating: 4.8,
  reviewCount: 3,
  minPricePaise: 150_000,
  ...extra,
});

/**
 * A fake catalogue of `total` sharks served 8 per page, as the real API pages them: by page number, or after
 * the card a cursor names (its own opaque `after-<index>`), with the next page's cursor in `nextCursor`.
 */
const catalogue =
  (total: number, make: (n: number) => Shark = (n) => shark(n)): Handler =>
  ({ url }) => {
    const page = Number(url.searchParams.get('page') ?? '1');
    const cursor = url.searchParams.get('cursor');
    const start = cursor === null ? (page - 1) * 8 : Number(cursor.replace('after-', ''));
    const all = Array.from({ length: total }, (_, i) => make(i + 1));
    const hasMore = start + 8 < total;
    const body: SharksPageBody = {
      items: all.slice(start, start + 8),
      page,
      pageSize: 8,
      hasMore,
      total,
      nextCursor: hasMore ? `after-${start + 8}` : null,
    };
    return { status: 200, body };
  };

const listCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://localhost'))
    .filter((u) => u.pathname === '/api/sharks');

const cards = () => screen.queryAllByTestId('shark-card');

describe('sharks list', () => {
  it('renders cards with the spec fallbacks only where a value is absent', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      'GET /api/sharks': {
        status: 200,
        body: {
          items: [
            shark(1, {
              name: 'Nisha Rao',
              specialization: 'forensics',
              experience: 7,
              bio: null,
              photoUrl: null,
              studentCount: null,
              avgRating: null,
            }),
            shark(2, {
              name: 'Vikram Singh',
              specialization: 'cloud_security',
              experience: 1,
              bio: 'Cloud hardening.',
              studentCount: 0,
              avgRating: 3.9,
              reviewCount: 12,
            }),
          ],
          page: 1,
          pageSize: 8,
          hasMore: false,
          total: 2,
        },
      },
    });
    renderScreen(routes, '/sharks');
    expect(document.title).toBe('Sharks | Shark Security');
    expect(screen.getByRole('status', { name: 'Loading sharks' })).toBeInTheDocument();

    const [nisha, vikram] = await screen.findAllByTestId('shark-card');
    const n = within(nisha);
    expect(n.getByRole('heading', { name: 'Nisha Rao' })).toBeInTheDocument();
    expect(n.getByRole('link', { name: 'Nisha Rao' })).toHaveAttribute('href', `/sharks/${uuid(1)}`);
    expect(n.getByText('Digital Forensics')).toBeInTheDocument();
    expect(n.getByText('7 years experience')).toBeInTheDocument();
    expect(n.getByText('No bio available')).toBeInTheDocument();
    // Without a photo: initials on a colour, never the shared silhouette.
    expect(n.getByRole('img', { name: 'Initials of Nisha Rao' })).toHaveTextContent('NR');
    expect(nisha.querySelector('img[src="/images/default-shark.svg"]')).toBeNull();
    expect(nisha).toHaveTextContent('from ₹1,500 / hour');
    expect(nisha).toHaveTextContent('69 students');
    // Unrated: "New" and no stars, never the spec's invented 4.5 (decision 007).
    expect(n.getByText('New')).toBeInTheDocument();
    expect(nisha).not.toHaveTextContent('4.5');
    expect(nisha).not.toHaveTextContent('★');
    expect(n.getByRole('button', { name: 'Follow Nisha Rao' })).toBeInTheDocument();

    // Real values, including a real 0, are shown as they are.
    const v = within(vikram);
    expect(v.getByText('Cloud Security')).toBeInTheDocument();
    expect(v.getByText('1 year experience')).toBeInTheDocument();
    expect(v.getByText('Cloud hardening.')).toBeInTheDocument();
    expect(v.getByRole('img', { name: 'Photo of Vikram Singh' })).toHaveAttribute(
      'src',
      `/media/avatars/sharks/2/profile.webp`,
    );
    expect(vikram).toHaveTextContent('0 students');
    expect(vikram).toHaveTextContent('3.9 (12 reviews)');
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(screen.getByTestId('sharks-count')).toHaveTextContent('Showing 2 of 2 sharks');
  });

  it('says "from ₹X / hour" or "No courses yet", and how many sharks there are in all', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      'GET /api/sharks': catalogue(28, (n) =>
        shark(n, n === 2 ? { minPricePaise: null } : { minPricePaise: 100_000 + n * 10_050 * (n % 2) }),
      ),
    });
    renderScreen(routes, '/sharks');
    await waitFor(() => expect(cards()).toHaveLength(8));
    expect(screen.getByTestId('sharks-count')).toHaveTextContent('Showing 8 of 28 sharks');
    const prices = screen.getAllByTestId('shark-price').map((p) => p.textContent);
    expect(prices.slice(0, 4)).toEqual([
      'from ₹1,100.50 / hour',
      'No courses yet',
      'from ₹1,301.50 / hour',
      'from ₹1,000 / hour',
    ]);
    // A shark with a photo shows it.
    const first = within(cards()[0]).getByRole('img', { name: 'Photo of Shark 01' });
    expect(first).toHaveAttribute('src', '/media/avatars/sharks/1/profile.webp');
  });

  it("shows the headline, the first three skills and the next free time in the viewer's zone on each card", async () => {
    // The viewer is in India: the next free start reads in IST.
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...resolved.call(this), timeZone: 'Asia/Kolkata' };
    });
    mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      'GET /api/sharks': {
        status: 200,
        body: {
          items: [
            shark(1, {
              headline: 'Red Team Lead at Zerodha',
              skills: ['Active Directory', 'C2', 'Phishing', 'OSEP'],
              nextAvailable: '2026-11-27T04:30:00.000Z',
            }),
            shark(2, { nextAvailable: null }),
          ],
          page: 1,
          pageSize: 8,
          hasMore: false,
          total: 2,
        },
      },
    });
    renderScreen(routes, '/sharks');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [first, second] = cards();
    expect(within(first).getByTestId('shark-headline')).toHaveTextContent('Red Team Lead at Zerodha');
    expect(
      within(within(first).getByRole('list', { name: 'Skills of Shark 01' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Active Directory', 'C2', 'Phishing']);
    expect(within(first).getByTestId('shark-next-available')).toHaveTextContent(
      'Next available: Fri 27 Nov, 10:00 IST',
    );
    expect(within(second).getByTestId('shark-next-available')).toHaveTextContent(
      'No free slots in the next 2 months',
    );
    expect(within(second).queryByTestId('shark-headline')).toBeNull();
    vi.restoreAllMocks();
  });

  it('folds the filters behind a "Filters" button that says how many are active', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      'GET /api/sharks': catalogue(3),
    });
    const user = userEvent.setup();
    renderScreen(routes, '/sharks?specialization=forensics&verified=true');
    await waitFor(() => expect(cards()).toHaveLength(3));
    const button = screen.getByRole('button', { name: /^Filters/ });
    expect(button).toHaveAccessibleName('Filters, 2 active');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(panel).toHaveClass('hidden');
    expect(within(panel).getByLabelText('Specialization')).toHaveValue('forensics');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).not.toHaveClass('hidden');
    await user.selectOptions(within(panel).getByLabelText('Sort by'), 'experience');
    expect(button).toHaveAccessibleName('Filters, 3 active');
  });

  it('appends the next page of 8 on Load More, and hides the button after the last page', async () => {
    const { fetchMock } = mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      'GET /api/sharks': catalogue(19),
    });
    const user = userEvent.setup();
    renderScreen(routes, '/sharks');
    await waitFor(() => expect(cards()).toHaveLength(8));

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(cards()).toHaveLength(16));
    expect(screen.getByText('Shark 01')).toBeInTheDocument();
    expect(screen.getByText('Shark 16')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(cards()).toHaveLength(19));
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(screen.getByText('Shark 19')).toBeInTheDocument();
    // Load More sends the previous page's cursor (decision 196) beside the page number it echoes.
    expect(
      listCalls(fetchMock).map((u) => [u.searchParams.get('page'), u.searchParams.get('cursor')]),
    ).toEqual([
      ['1', null],
      ['2', 'after-8'],
      ['3', 'after-16'],
    ]);
  });

  it('asks an older server without cursors for the next page number', async () => {
    const numbered: Handler = (req) => {
      const answer = catalogue(12)(req) as { status: number; body: SharksPageBody };
      const { nextCursor: _omitted, ...body } = answer.body;
      return { status: 200, body };
    };
    const { fetchMock } = mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      'GET /api/sharks': numbered,
    });
    const user = userEvent.setup();
    renderScreen(routes, '/sharks');
    await waitFor(() => expect(cards()).toHaveLength(8));
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(
      listCalls(fetchMock).map((u) => [u.searchParams.get('page'), u.searchParams.get('cursor')]),
    ).toEqual([
      ['1', null],
      ['2', null],
    ]);
  });

  it('restarts at page 1 and writes the choice into the URL when the specialization or sort changes', async () => {
    const { fetchMock } = mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      'GET /api/sharks': catalogue(19),
    });
    const user = userEvent.setup();
    const { router } = renderScreen(routes, '/sharks');
    await waitFor(() => expect(cards()).toHaveLength(8));
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(cards()).toHaveLength(16));

    await user.selectOptions(screen.getByLabelText('Specialization'), 'forensics');
    await waitFor(() => expect(cards()).toHaveLength(8));
    let last = listCalls(fetchMock).at(-1)!;
    expect(last.searchParams.get('specialization')).toBe('forensics');
    expect(last.searchParams.get('page')).toBe('1');
    expect(router.state.location.search).toBe('?specialization=forensics');

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(cards()).toHaveLength(16));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'price_low');
    await waitFor(() => expect(cards()).toHaveLength(8));
    last = listCalls(fetchMock).at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toEqual({
      specialization: 'forensics',
      sort: 'price_low',
      page: '1',
    });
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('price_low');
    expect(new URLSearchParams(router.state.location.search).get('specialization')).toBe('forensics');

    // Choosing "All specializations" takes the filter out of the URL again.
    await user.selectOptions(screen.getByLabelText('Specialization'), '');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price_low'));
  });

  it('shows only verified sharks when "Verified only" is ticked, keeps it in the URL, and unticking takes it out', async () => {
    const { fetchMock } = mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      'GET /api/sharks': (req) =>
        req.url.searchParams.get('verified') === 'true'
          ? catalogue(2, (n) => shark(n, { name: `Verified ${n}`, verifiedCredentials: 1 }))(req)
          : catalogue(10)(req),
    });
    const user = userEvent.setup();
    const { router } = renderScreen(routes, '/sharks?sort=students');
    await waitFor(() => expect(cards()).toHaveLength(8));
    const box = screen.getByRole('checkbox', { name: 'Verified only' });
    expect(box).not.toBeChecked();

    await user.click(box);
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Verified 1',
      'Verified 2',
    ]);
    expect(screen.getByTestId('sharks-count')).toHaveTextContent('Showing 2 of 2 sharks');
    expect(Object.fromEntries(listCalls(fetchMock).at(-1)!.searchParams)).toEqual({
      sort: 'students',
      verified: 'true',
      page: '1',
    });
    expect(router.state.location.search).toBe('?sort=students&verified=true');

    await user.click(screen.getByRole('checkbox', { name: 'Verified only' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=students'));
    await waitFor(() => expect(cards()).toHaveLength(8));
    expect(listCalls(fetchMock).at(-1)!.searchParams.get('verified')).toBeNull();
  });

  it('starts with "Verified only" ticked from a shared link', async () => {
    const { fetchMock } = mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      'GET /api/sharks': catalogue(1),
    });
    renderScreen(routes, '/sharks?verified=true');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByRole('checkbox', { name: 'Verified only' })).toBeChecked();
    expect(listCalls(fetchMock)[0].searchParams.get('verified')).toBe('true');
  });

  it('offers the four specializations plus all, and the five sorts', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut }, 'GET /api/sharks': catalogue(1) });
    renderScreen(routes, '/sharks');
    const spec = within(screen.getByLabelText('Specialization'))
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(spec).toEqual(['', 'pentesting', 'red_teaming', 'cloud_security', 'forensics']);
    const sorts = within(screen.getByLabelText('Sort by'))
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(sorts).toEqual(['rating', 'experience', 'students', 'price_low', 'price_high']);
    await screen.findAllByTestId('shark-card');
  });

  it('searches after a pause in typing, restarting at page 1 with the text in the URL', async () => {
    const { fetchMock } = mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      'GET /api/sharks': catalogue(19),
    });
    const user = userEvent.setup();
    const { router } = renderScreen(routes, '/sharks');
    await waitFor(() => expect(cards()).toHaveLength(8));
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(cards()).toHaveLength(16));

    await user.type(screen.getByLabelText('Search by name or bio'), 'cloud');
    await waitFor(() => expect(router.state.location.search).toBe('?search=cloud'));
    await waitFor(() => expect(cards()).toHaveLength(8));
    const searches = listCalls(fetchMock).map((u) => u.searchParams.get('search'));
    // Debounced: one request for the whole word, none for "c", "cl", ...
    expect(searches.filter((s) => s !== null)).toEqual(['cloud']);
    expect(listCalls(fetchMock).at(-1)!.searchParams.get('page')).toBe('1');
  });

  it('opens the card the visitor clicked even when the search pause ends while the profile is still loading', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut }, 'GET /api/sharks': catalogue(3) });
    let finishLoading!: () => void;
    const profileCode = new Promise<void>((resolve) => (finishLoading = resolve));
    const user = userEvent.setup();
    const { router } = renderScreen(
      [
        ...routes,
        { path: '/sharks/:id', lazy: async () => (await profileCode, { Component: () => <h1>Profile</h1> }) },
      ],
      '/sharks',
    );
    await waitFor(() => expect(cards()).toHaveLength(3));

    // Type, then click a card before the debounce pause is over; the profile's code is slow to arrive.
    await user.type(screen.getByLabelText('Search by name or bio'), 'Shark');
    await user.click(within(cards()[0]).getByRole('link', { name: 'Shark 01' }));
    await new Promise((r) => setTimeout(r, 400));
    finishLoading();

    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/sharks/${uuid(1)}`);
  });

  it('starts from the search, filter and sort in the URL (a shared link or a reload)', async () => {
    const { fetchMock } = mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      'GET /api/sharks': catalogue(3),
    });
    renderScreen(routes, '/sharks?search=ana&specialization=red_teaming&sort=students');
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(Object.fromEntries(listCalls(fetchMock)[0].searchParams)).toEqual({
      search: 'ana',
      specialization: 'red_teaming',
      sort: 'students',
      page: '1',
    });
    expect(screen.getByLabelText('Search by name or bio')).toHaveValue('ana');
    expect(screen.getByLabelText('Specialization')).toHaveValue('red_teaming');
    expect(screen.getByLabelText('Sort by')).toHaveValue('students');
  });

  it('says what to do next when nothing matches', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut }, 'GET /api/sharks': catalogue(0) });
    renderScreen(routes, '/sharks?search=zzz');
    expect(await screen.findByRole('heading', { name: 'No sharks match your search' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute('href', '/sharks');
  });

  it('shows a clear message and Retry when the API cannot be reached', async () => {
    let up = false;
    const list = catalogue(2);
    const { fetchMock } = mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      'GET /api/sharks': list,
    });
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (!up && String(input).startsWith('/api/sharks')) throw new TypeError('Failed to fetch');
      return real(input, init);
    });
    const user = userEvent.setup();
    renderScreen(routes, '/sharks');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not reach the server. Check your connection and try again.');
    up = true;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
  });
});
