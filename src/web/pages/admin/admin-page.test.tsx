import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, polyfillRadix, renderScreen } from '#web/testing/test-utils.tsx';
import AdminPage from './admin-page';

beforeEach(polyfillRadix);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const routes = [{ path: '/admin', element: <AdminPage /> }];
const SHARK = {
  id: '0b7e0a52-1c1d-4f5e-9a8b-7c6d5e4f3a2b',
  userId: '1c8f1b63-2d2e-4a6f-8b9c-8d7e6f5a4b3c',
  name: 'Arjun Mehta',
  email: 'arjun@example.com',
  specialization: 'pentesting',
  published: true,
  suspended: false,
  credentials: 0,
  verifiedCredentials: 0,
};

const page = <T,>(items: T[]) => ({ items, page: 1, pageSize: 25, total: items.length });

describe('admin console', () => {
  it('lists sharks with links to their profile and enrollments', async () => {
    mockApi({
      'GET /api/admin/sharks/states': {
        status: 200,
        body: page([
          SHARK,
          {
            ...SHARK,
            id: '2d9a2c74-3e3f-4b7a-9cad-9e8f7a6b5c4d',
            name: 'Nisha Rao',
            email: 'nisha@example.com',
            specialization: 'red_teaming',
            published: false,
          },
        ]),
      },
    });
    renderScreen(routes, '/admin');
    expect(document.title).toBe('Admin console | Shark Security');
    const list = await screen.findByRole('list', { name: 'Shark accounts' });
    expect(within(list).getByText('Arjun Mehta')).toBeInTheDocument();
    expect(within(list).getByText('Published')).toBeInTheDocument();
    expect(within(list).getByText('Unpublished')).toBeInTheDocument();
    expect(within(list).getByText(/arjun@example\.com · Penetration Testing/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit profile of Arjun Mehta' })).toHaveAttribute(
      'href',
      `/shark/edit-profile?sharkId=${SHARK.id}`,
    );
    expect(screen.getByRole('link', { name: 'Enrollments of Arjun Mehta' })).toHaveAttribute(
      'href',
      `/shark/enrollments?sharkId=${SHARK.id}`,
    );
  });

  it('creates a shark account and says so', async () => {
    let sharks = [SHARK];
    const { calls } = mockApi({
      'GET /api/admin/sharks/states': () => ({ status: 200, body: page(sharks) }),
      'POST /api/admin/sharks': ({ body }) => {
        const b = body as { email: string; name: string };
        sharks = [
          ...sharks,
          {
            ...SHARK,
            id: '3eab3d85-4f4a-4c8b-8dbe-af9a8b7c6d5e',
            name: b.name,
            email: b.email,
            published: false,
          },
        ];
        return {
          status: 201,
          body: {
            userId: '4fbc4e96-5a5b-4d9c-9ecf-b0ab9c8d7e6f',
            sharkId: '3eab3d85-4f4a-4c8b-8dbe-af9a8b7c6d5e',
          },
        };
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/admin');
    await user.click(screen.getByRole('button', { name: 'Create shark account' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'Meera@Example.com');
    await user.type(screen.getByLabelText('Name'), 'Meera Nair');
    await user.selectOptions(screen.getByLabelText('Specialization (optional)'), 'forensics');
    await user.click(screen.getByRole('button', { name: 'Create shark account' }));

    const status = await screen.findByText(/Shark account created for Meera Nair \(meera@example\.com\)/);
    expect(status).toHaveTextContent('We mailed them a link to set their password.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'meera@example.com',
      name: 'Meera Nair',
      specialization: 'forensics',
    });
    expect(await screen.findByRole('link', { name: 'Edit profile of Meera Nair' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a duplicate email", async () => {
    mockApi({
      'GET /api/admin/sharks/states': { status: 200, body: { items: [], page: 1, pageSize: 25, total: 0 } },
      'POST /api/admin/sharks': {
        status: 409,
        body: { error: { code: 'conflict', message: 'An account with this email already exists.' } },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/admin');
    expect(
      await screen.findByText('No shark accounts yet. Create the first one with the form.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'arjun@example.com');
    await user.type(screen.getByLabelText('Name'), 'Arjun');
    await user.click(screen.getByRole('button', { name: 'Create shark account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
  });

  it('shows contact messages, and an applications list that failed to load says why', async () => {
    mockApi({
      'GET /api/admin/sharks/states': { status: 200, body: { items: [], page: 1, pageSize: 25, total: 0 } },
      'GET /api/admin/contact-messages': {
        status: 200,
        body: {
          items: [
            {
              id: 'm1',
              name: 'Ravi',
              email: 'ravi@example.com',
              message: 'Do you run red team drills?',
              createdAt: '2026-11-20T10:00:00.000Z',
            },
          ],
          page: 1,
          pageSize: 25,
          total: 1,
        },
      },
      'GET /api/admin/shark-applications': {
        status: 500,
        body: { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/admin');
    await user.click(screen.getByRole('tab', { name: 'Contact messages' }));
    expect(await screen.findByText('Do you run red team drills?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ravi@example.com' })).toHaveAttribute(
      'href',
      'mailto:ravi@example.com',
    );

    await user.click(screen.getByRole('tab', { name: 'Applications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('pages and searches the contact messages on the server (issue 25)', async () => {
    const asked: string[] = [];
    mockApi({
      'GET /api/admin/sharks/states': { status: 200, body: { items: [], page: 1, pageSize: 25, total: 0 } },
      'GET /api/admin/contact-messages': ({ url }) => {
        const q = url.searchParams.get('q') ?? '';
        const page = Number(url.searchParams.get('page'));
        asked.push(`${q}|${page}`);
        const message = q ? 'Workshops for my team?' : `Message on page ${page}`;
        return {
          status: 200,
          body: {
            items: [
              {
                id: `m${page}`,
                name: 'Ravi',
                email: 'ravi@example.com',
                message,
                createdAt: '2026-11-20T10:00:00.000Z',
              },
            ],
            page,
            pageSize: 25,
            total: q ? 1 : 30,
          },
        };
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/admin');
    await user.click(screen.getByRole('tab', { name: 'Contact messages' }));
    expect(await screen.findByText('Message on page 1')).toBeInTheDocument();
    expect(screen.getByText('30 messages')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Message pages' });
    expect(pager).toHaveTextContent('Page 1 of 2');
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Message on page 2')).toBeInTheDocument();
    await user.type(
      screen.getByRole('searchbox', { name: 'Search messages by name, email or text' }),
      'team',
    );
    expect(await screen.findByText('Workshops for my team?')).toBeInTheDocument();
    expect(screen.getByText('1 message matches this search')).toBeInTheDocument();
    expect(asked).toContain('team|1');
    expect(screen.queryByRole('navigation', { name: 'Message pages' })).not.toBeInTheDocument();
  });

  it('lists shark applications', async () => {
    mockApi({
      'GET /api/admin/sharks/states': { status: 200, body: { items: [], page: 1, pageSize: 25, total: 0 } },
      'GET /api/admin/shark-applications': {
        status: 200,
        body: {
          items: [
            {
              id: 'a1',
              name: 'Zoya Khan',
              email: 'zoya@example.com',
              specialization: 'cloud_security',
              experience: 5,
              links: 'https://github.com/zoya',
              motivation: 'I want to teach cloud hardening to beginners.',
              status: 'new',
              createdAt: '2026-11-21T08:30:00.000Z',
            },
          ],
          page: 1,
          pageSize: 25,
          total: 1,
        },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/admin');
    await user.click(screen.getByRole('tab', { name: 'Applications' }));
    const list = await screen.findByRole('list', { name: 'Applications' });
    expect(list).toHaveTextContent('Zoya Khan');
    expect(list).toHaveTextContent('Cloud Security · 5 years');
    expect(list).toHaveTextContent('New');
    expect(list).toHaveTextContent('I want to teach cloud hardening to beginners.');
  });
});
