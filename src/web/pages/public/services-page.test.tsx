import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { polyfillRadix, renderScreen } from '#web/testing/test-utils.tsx';
import ServicesPage from './services-page';

beforeEach(polyfillRadix);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const routes = [{ path: '/services', element: <ServicesPage /> }];

describe('services page', () => {
  it('shows six services and the four stats', () => {
    renderScreen(routes, '/services');
    expect(document.title).toBe('Services | Shark Security');
    expect(screen.getAllByRole('button', { name: /^Learn more about / })).toHaveLength(6);
    for (const [value, label] of [
      ['500+', 'Tests Completed'],
      ['98%', 'Client Satisfaction'],
      ['50+', 'Certified Experts'],
      ['24/7', 'Support'],
    ]) {
      const term = screen.getByText(label);
      expect(term.parentElement).toHaveTextContent(value);
    }
  });

  it('opens a detail modal with a Book a Meeting mail link, and Close closes it', async () => {
    const user = userEvent.setup();
    renderScreen(routes, '/services');
    await user.click(screen.getByRole('button', { name: 'Learn more about Red Teaming' }));

    const dialog = await screen.findByRole('dialog', { name: 'Red Teaming' });
    expect(dialog).toHaveAccessibleDescription(/MITRE ATT&CK/);
    expect(within(dialog).getByText('What is included')).toBeInTheDocument();
    const book = within(dialog).getByRole('link', { name: 'Book a Meeting' });
    const href = book.getAttribute('href')!;
    expect(href.startsWith('mailto:contact@sharksecurity.in?')).toBe(true);
    expect(new URLSearchParams(href.split('?')[1]).get('subject')).toBe('Meeting request: Red Teaming');
    expect(within(dialog).getByRole('link', { name: 'Post a request' })).toHaveAttribute(
      'href',
      '/requests/new?service=red-teaming',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus goes back to the card that opened it.
    expect(screen.getByRole('button', { name: 'Learn more about Red Teaming' })).toHaveFocus();
  });

  it('closes the modal with Escape', async () => {
    const user = userEvent.setup();
    renderScreen(routes, '/services');
    await user.click(screen.getByRole('button', { name: 'Learn more about Digital Forensics' }));
    expect(await screen.findByRole('dialog', { name: 'Digital Forensics' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
