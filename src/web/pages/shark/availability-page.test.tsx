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
  imported: [],
};

describe('/shark/availability', () => {
  it('shows the rules and the preview, adds hours and saves them with the calendar opened', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('arjun@example.com', ['shark']) },
      'GET /api/workspace/availability': { status: 200, body: VIEW },
      'GET /api/workspace/calendar-sources': { status: 200, body: [] },
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
      'GET /api/workspace/calendar-sources': { status: 200, body: [] },
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
      'GET /api/workspace/calendar-sources': { status: 200, body: [] },
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

  it("greys the busy times of the shark's other calendars in the preview, without their titles", async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('arjun@example.com', ['shark']) },
      'GET /api/workspace/availability': {
        status: 200,
        body: {
          ...VIEW,
          preview: [{ date: '2099-01-15', starts: ['2099-01-15T03:30:00.000Z', '2099-01-15T06:30:00.000Z'] }],
          imported: [{ startsAt: '2099-01-15T04:30:00.000Z', endsAt: '2099-01-15T05:30:00.000Z' }],
        },
      },
      'GET /api/workspace/calendar-sources': { status: 200, body: [] },
    });
    renderScreen([{ path: '/shark/availability', element: <AvailabilityPage /> }], '/shark/availability');
    const busy = await screen.findByRole('list', { name: /^Busy on / });
    expect(busy).toHaveTextContent('10:00–11:00 busy in your calendar');
    expect(screen.getByTestId('availability-preview')).toHaveTextContent('09:00, 12:00');
  });
});

describe("the shark's other calendars", () => {
  const SOURCES = [
    {
      id: '3f1c6a2e-9d4b-4c1a-8e2f-5b6a7c8d9e0f',
      address: 'calendar.google.com/…/basic.ics',
      createdAt: '2099-01-01T00:00:00.000Z',
      lastSuccessAt: '2099-01-02T04:30:00.000Z',
      lastError: null,
      failingSince: null,
    },
    {
      id: '4a2d7b3f-0e5c-4d2b-9f30-6c7b8d9e0f1a',
      address: 'outlook.office365.com/…/calendar.ics',
      createdAt: '2099-01-01T00:00:00.000Z',
      lastSuccessAt: null,
      lastError: 'The calendar did not answer in time.',
      failingSince: '2099-01-02T04:30:00.000Z',
    },
  ];

  it('lists each address masked with its last read or its error, adds one and removes one', async () => {
    let sources = [SOURCES[0]!, SOURCES[1]!];
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('arjun@example.com', ['shark']) },
      'GET /api/workspace/availability': { status: 200, body: VIEW },
      'GET /api/workspace/calendar-sources': () => ({ status: 200, body: sources }),
      'POST /api/workspace/calendar-sources': () => ({
        status: 201,
        body: { message: 'Calendar added: we are reading its busy times now.', source: SOURCES[0] },
      }),
      [`DELETE /api/workspace/calendar-sources/${SOURCES[1]!.id}`]: () => {
        sources = [SOURCES[0]!];
        return {
          status: 200,
          body: { message: 'Calendar removed: its busy times no longer block your free slots.' },
        };
      },
    });
    renderScreen([{ path: '/shark/availability', element: <AvailabilityPage /> }], '/shark/availability');
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Your other calendars' });
    expect(list).toHaveTextContent('calendar.google.com/…/basic.ics');
    expect(list).toHaveTextContent(/Last read /);
    expect(list).toHaveTextContent('The calendar did not answer in time.');

    const field = screen.getByLabelText('Calendar address (secret address in iCal format)');
    await user.click(screen.getByRole('button', { name: 'Add calendar' }));
    expect(
      await screen.findByText("Paste your calendar's secret address in iCal format"),
    ).toBeInTheDocument();
    await user.type(field, 'ftp://example.com/cal.ics');
    await user.click(screen.getByRole('button', { name: 'Add calendar' }));
    expect(
      await screen.findByText('Use the secret address in iCal format: it starts with https:// or webcal://'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(field);
    await user.type(field, 'webcal://p01-caldav.icloud.com/published/2/abc');
    await user.click(screen.getByRole('button', { name: 'Add calendar' }));
    expect(await screen.findByText('Calendar added: we are reading its busy times now.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      url: 'https://p01-caldav.icloud.com/published/2/abc',
    });

    await user.click(screen.getByRole('button', { name: 'Remove outlook.office365.com/…/calendar.ics' }));
    expect(
      await screen.findByText('Calendar removed: its busy times no longer block your free slots.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Your other calendars' })).not.toHaveTextContent(
      'outlook',
    );
  });
});
