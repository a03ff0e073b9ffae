// /shark/credentials and the public VerifiedCredentials (decision 032).
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CREDENTIAL_MSG } from '#shared/credentials-texts.ts';
import { mockApi, polyfillRadix, renderScreen, sessionFor } from '#web/testing/test-utils.tsx';
import { VerifiedCredentials } from '#web/features/credentials/verified-credentials.tsx';
import CredentialsPage from './credentials-page';

beforeEach(polyfillRadix);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SHARK_ID = '0b7e0a52-1c1d-4f5e-9a8b-7c6d5e4f3a2b';
const at = '2026-11-20T10:00:00.000Z';
const credential = (over: object) => ({
  id: '2d9a2c74-3e3f-4b7a-9cad-9e8f7a6b5c4d',
  sharkId: SHARK_ID,
  kind: 'certification',
  name: 'OSCP',
  issuer: 'OffSec',
  credentialId: 'OS-1',
  url: 'https://www.credly.com/badges/abc',
  issuedOn: '2024-01-10',
  expiresOn: null,
  status: 'pending',
  reason: null,
  verifiedAt: null,
  createdAt: at,
  ...over,
});

describe('the credentials workspace', () => {
  it('adds a credential after checking its fields, and lists each with its state', async () => {
    let items = [
      credential({
        id: 'c0a80101-0000-4000-8000-000000000001',
        name: 'CISSP',
        status: 'rejected',
        reason: 'Another name on the badge.',
      }),
    ];
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('shark@example.com', ['shark']) },
      'GET /api/workspace/credentials': () => ({ status: 200, body: items }),
      'POST /api/workspace/credentials': ({ body }) => {
        items = [credential({ name: (body as { name: string }).name }), ...items];
        return { status: 201, body: { message: CREDENTIAL_MSG.added, credential: items[0] } };
      },
    });
    const user = userEvent.setup();
    renderScreen([{ path: '/shark/credentials', element: <CredentialsPage /> }], '/shark/credentials');
    const list = await screen.findByRole('list', { name: 'Your credentials' });
    expect(within(list).getByText('Not verified')).toBeInTheDocument();
    expect(within(list).getByText('Reason: Another name on the badge.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'OSCP');
    await user.type(screen.getByLabelText('Verification link (https)'), 'http://example.com/badge');
    await user.click(screen.getByRole('button', { name: 'Add credential' }));
    expect(await screen.findByText(CREDENTIAL_MSG.urlInvalid)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(screen.getByLabelText('Verification link (https)'));
    await user.type(screen.getByLabelText('Verification link (https)'), 'https://www.credly.com/badges/abc');
    await user.click(screen.getByRole('button', { name: 'Add credential' }));
    expect(await screen.findByText(CREDENTIAL_MSG.added)).toBeInTheDocument();
    expect(await within(list).findByText('Waiting for verification')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      kind: 'certification',
      name: 'OSCP',
      url: 'https://www.credly.com/badges/abc',
    });
  });
});

describe('VerifiedCredentials on the public profile', () => {
  it('shows each verified credential with its mark, and an expired one as expired', async () => {
    mockApi({
      [`GET /api/sharks/${SHARK_ID}/credentials`]: {
        status: 200,
        body: [
          {
            id: 'c0a80101-0000-4000-8000-000000000002',
            kind: 'certification',
            name: 'OSCP',
            issuer: 'OffSec',
            url: 'https://www.credly.com/badges/abc',
            expiresOn: null,
            expired: false,
            verifiedAt: at,
          },
          {
            id: 'c0a80101-0000-4000-8000-000000000003',
            kind: 'certification',
            name: 'CRTO',
            issuer: null,
            url: 'https://example.com/crto',
            expiresOn: '2021-01-01',
            expired: true,
            verifiedAt: at,
          },
        ],
      },
    });
    renderScreen([{ path: '/', element: <VerifiedCredentials sharkId={SHARK_ID} /> }], '/');
    const list = await screen.findByRole('list', { name: 'Verified credentials' });
    const [oscp, crto] = within(list).getAllByRole('listitem');
    expect(within(oscp).getByRole('link', { name: 'OSCP' })).toHaveAttribute(
      'href',
      'https://www.credly.com/badges/abc',
    );
    expect(oscp).toHaveTextContent(`${CREDENTIAL_MSG.verifiedBy} Fri, 20 Nov, 2026`);
    expect(within(oscp).queryByText(CREDENTIAL_MSG.expired)).toBeNull();
    expect(within(crto).getByText(CREDENTIAL_MSG.expired)).toBeInTheDocument();
  });

  it('renders nothing without verified credentials', async () => {
    mockApi({ [`GET /api/sharks/${SHARK_ID}/credentials`]: { status: 200, body: [] } });
    const { container } = renderScreen(
      [{ path: '/', element: <VerifiedCredentials sharkId={SHARK_ID} /> }],
      '/',
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('section')).toBeNull();
  });
});
