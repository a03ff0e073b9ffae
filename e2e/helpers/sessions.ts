import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The row of one session in a group of a full session list (the learner's bookings or the shark's enrollments),
 * pressing the group's "Show more" until the row is there. Other specs book the same demo shark in the same run,
 * so a new session is not always on the group's first page (decision 076: groups are ordered by start time).
 * `match` is a text of the row, or the session the row opens (the shark's rows carry no learner email, issue 43).
 */
export async function sessionRowInGroup(
  page: Page,
  group: string,
  match: string | { sessionId: string },
): Promise<Locator> {
  const section = page.getByRole('region', { name: new RegExp(`^${group}`) });
  const rows = section.getByRole('list', { name: group }).getByTestId('session-item');
  const row =
    typeof match === 'string'
      ? rows.filter({ hasText: match })
      : rows.filter({ has: page.locator(`a[href="/sessions/${match.sessionId}"]`) });
  await expect(section.getByRole('list', { name: group })).toBeVisible();
  const more = section.getByRole('button', { name: /^Show more/ });
  while ((await row.count()) === 0 && (await more.count()) > 0) {
    const shown = await section.getByTestId('session-item').count();
    await more.click();
    await expect(section.getByTestId('session-item')).not.toHaveCount(shown);
  }
  await expect(row).toHaveCount(1);
  return row;
}

/**
 * Picks the first free time that starts after `after` (a day at a time, a week at a time, with the slot picker's
 * week strip) and returns its instant: the radio's value.
 */
export async function pickSlot(scope: Locator, after: number): Promise<string> {
  const strip = scope.getByRole('group', { name: 'Days' });
  const nextWeek = scope.getByRole('button', { name: 'Next week' });
  await expect(strip.getByRole('button').first()).toBeVisible();
  for (;;) {
    const days = strip.locator('button:not([aria-disabled])');
    const count = await days.count();
    for (let i = 0; i < count; i++) {
      await days.nth(i).click();
      const times = scope.getByRole('radiogroup').locator('label');
      await expect(times.first()).toBeVisible();
      const values = await scope
        .getByRole('radiogroup')
        .getByRole('radio')
        .evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value));
      const index = values.findIndex((v) => Date.parse(v) > after);
      if (index === -1) continue;
      await times.nth(index).click();
      await expect(scope.getByRole('radiogroup').getByRole('radio').nth(index)).toBeChecked();
      return values[index]!;
    }
    if (!(await nextWeek.isEnabled())) break;
    const first = await strip.getByRole('button').first().getAttribute('aria-label');
    await nextWeek.click();
    await expect(strip.getByRole('button').first()).not.toHaveAttribute('aria-label', first ?? '');
  }
  throw new Error(`no free time after ${new Date(after).toISOString()}`);
}
