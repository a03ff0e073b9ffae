import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvailabilityView } from '#shared/availability.ts';
import { mockApi, polyfillRadix, renderScreen, sessionFor } from '#web/testing/test-utils.tsx';
import AvailabilityPage from './availability-page';

beforeEach(polyfillRadix);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const VIEW: AvailabilityView = {
  timeZone: 'Asia/Kolkata',
  bufferMinutes: 15,
  minNoticeMinutes: 720,
  horizonDays: 60,
  dailyCap: null,
  published: false,
  weekly: [{ weekday: 1, start: '09:00', end: '12:00' }],
  overrides: [],
  preview: [{ date: '2099-01-15', starts: [] }],
};

describe('/shark/availability', () => {
  it('shows the rules and the preview, adds hours and saves them with the calendar opened', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('arjun@example.com', ['shark']) },
      'GET /api/workspace/availability': { status: 200, body: VIEW },
      'PUT /api/workspace/availability': ({ body }) => ({
        status: 200,
        body: {
          message: 'Availability saved.',
          availability: {
            ...(body as object),
            preview: [{ date: '2099-01-19', starts: ['2099-01-19T03:30:00.000Z'] }],
          },
        },
      }),
    });
    renderScreen([{ path: '/shark/availability', element: <AvailabilityPage /> }], '/shark/availability');
    const user = userEvent.setup();
    expect(await screen.findByText('No free slots in the next 14 days.')).toBeInTheDocument();
    expect(screen.getByLabelText('Monday from')).toHaveValue('09:00');
    await user.click(screen.getByRole('button', { name: 'Add hours on Tuesday' }));
    await user.click(screen.getByLabelText('Calendar open: learners can book your free slots'));
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    expect(await screen.findByText('Availability saved.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(put).toMatchObject({
      published: true,
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 2, start: '09:00', end: '17:00' },
      ],
    });
    expect(screen.getByTestId('availability-preview')).toHaveTextContent('09:00');
  });

  it('picks the time zone from a searchable list of places, keyboard first, and saves its IANA name (issue 25)', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('arjun@example.com', ['shark']) },
      'GET /api/workspace/availability': { status: 200, body: VIEW },
      'PUT /api/workspace/availability': ({ body }) => ({
        status: 200,
        body: { message: 'Availability saved.', availability: { ...(body as object), preview: [] } },
      }),
    });
    renderScreen([{ path: '/shark/availability', element: <AvailabilityPage /> }], '/shark/availability');
    const user = userEvent.setup();
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('Kolkata · GMT+5:30');
    expect(screen.getByText(/Kolkata \(Asia\) · India Standard Time · GMT\+5:30\./)).toBeInTheDocument();
    expect(screen.queryByText(/IANA/)).not.toBeInTheDocument();
    await user.click(zone);
    await user.keyboard('berlin');
    const list = screen.getByRole('listbox', { name: 'Time zones' });
    const options = within(list).getAllByRole('option');
    expect(options[0]).toHaveTextContent(
      /^Berlin \(Europe\) · Central European (Standard|Summer) Time · GMT\+[12]$/,
    );
    expect(zone).toHaveAttribute('aria-activedescendant', options[0].id);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect((zone as HTMLInputElement).value).toMatch(/^Berlin · GMT\+[12]$/);
    await user.clear(zone);
    await user.keyboard('nowhere-ville');
    expect(within(screen.getByRole('listbox', { name: 'Time zones' })).getByRole('option')).toHaveTextContent(
      'No place matches “nowhere-ville”.',
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    expect(await screen.findByText('Availability saved.')).toBeInTheDocument();
    expect((calls.find((c) => c.method === 'PUT')!.body as { timeZone: string }).timeZone).toBe(
      'Europe/Berlin',
    );
  });

  it("starts a calendar never set up in the browser's zone", async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('arjun@example.com', ['shark']) },
      'GET /api/workspace/availability': {
        status: 200,
        body: { ...VIEW, weekly: [], timeZone: 'Asia/Kolkata' },
      },
    });
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...resolved.call(this), timeZone: 'Europe/Kiev' };
    });
    try {
      renderScreen([{ path: '/shark/availability', element: <AvailabilityPage /> }], '/shark/availability');
      const zone = await screen.findByRole('combobox', { name: 'Time zone' });
      expect((zone as HTMLInputElement).value).toMatch(/^Kyiv · GMT\+[23]$/);
    } finally {
      spy.mockRestore();
    }
  });
});
