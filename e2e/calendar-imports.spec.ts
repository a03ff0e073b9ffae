// Busy times from a shark's other calendars (issue 26): the demo shark adds the secret iCal address of a calendar
// (served here on 127.0.0.1; the e2e server runs with CALENDAR_FETCH_ALLOW_LOOPBACK=true), the job reads it, and
// the slot its event covers leaves the free slots: the preview greys it as "busy in your calendar". Removing the
// calendar gives the slot back (other journeys book the demo shark too).
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { loginAsDemo } from './helpers/auth';

const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');

test("a shark's other calendar takes its busy time out of the free slots", async ({ page }) => {
  test.setTimeout(120_000);
  await loginAsDemo(page, 'shark');
  const before = (await (await page.request.get('/api/workspace/availability')).json()) as {
    preview: Array<{ date: string; starts: string[] }>;
  };
  const day = before.preview.find((d) => d.starts.length > 0);
  expect(day, 'the demo shark has free slots in the next 14 days').toBeTruthy();
  const start = day!.starts.at(-1)!;
  const end = new Date(Date.parse(start) + 3_600_000).toISOString();

  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//e2e//calendar-imports//EN',
    'BEGIN:VEVENT',
    'UID:e2e-dentist',
    `DTSTAMP:${stamp(new Date().toISOString())}`,
    'SUMMARY:Dentist',
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
  const server: Server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/calendar', etag: '"e2e"' }).end(ics),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  try {
    await page.goto('/shark/availability');
    const section = page.getByRole('region', { name: 'Your other calendars' });
    await section
      .getByLabel('Calendar address (secret address in iCal format)')
      .fill(`http://127.0.0.1:${port}/calendar/ical/e2e-secret/basic.ics`);
    await section.getByRole('button', { name: 'Add calendar' }).click();
    await expect(page.getByText('Calendar added: we are reading its busy times now.')).toBeVisible();
    const list = section.getByRole('list', { name: 'Your other calendars' });
    await expect(list).toContainText(`127.0.0.1:${port}/…/basic.ics`);
    await expect(list).not.toContainText('e2e-secret');
    await expect(list).toContainText('Last read', { timeout: 30_000 });

    await page.reload();
    await expect(page.getByText(/busy in your calendar/).first()).toBeVisible();
    await expect(page.getByText('Dentist')).toHaveCount(0);
    const after = (await (await page.request.get('/api/workspace/availability')).json()) as typeof before;
    expect(after.preview.find((d) => d.date === day!.date)!.starts).not.toContain(start);

    await page
      .getByRole('region', { name: 'Your other calendars' })
      .getByRole('button', { name: `Remove 127.0.0.1:${port}/…/basic.ics` })
      .click();
    await expect(
      page.getByText('Calendar removed: its busy times no longer block your free slots.'),
    ).toBeVisible();
    const restored = (await (await page.request.get('/api/workspace/availability')).json()) as typeof before;
    expect(restored.preview.find((d) => d.date === day!.date)!.starts).toContain(start);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
