import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, polyfillRadix, renderScreen } from '#web/testing/test-utils.tsx';
import ContactPage from './contact-page';

beforeEach(polyfillRadix);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const routes = [{ path: '/contact', element: <ContactPage /> }];
const SUCCESS = "Thank you for reaching out! We'll get back to you within 24 hours.";

describe('contact page', () => {
  it('shows the email, phone and location tiles', () => {
    renderScreen(routes, '/contact');
    expect(document.title).toBe('Contact | Shark Security');
    expect(screen.getByRole('link', { name: 'contact@sharksecurity.in' })).toHaveAttribute(
      'href',
      'mailto:contact@sharksecurity.in',
    );
    expect(screen.getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute(
      'href',
      'tel:+919876543210',
    );
    expect(screen.getByText('Bengaluru, Karnataka, India')).toBeInTheDocument();
  });

  it('requires name, email and message, and a valid email, before sending anything', async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    renderScreen(routes, '/contact');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the message, shows the success text, clears the form, and hides the text after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockApi({ 'POST /api/contact': { status: 201, body: { message: SUCCESS } } });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderScreen(routes, '/contact');
    await user.type(screen.getByLabelText('Name'), 'Priya Shah');
    await user.type(screen.getByLabelText('Email'), 'Priya@Example.com');
    await user.type(screen.getByLabelText('Message'), 'We need a pentest of our API.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/contact',
        body: { name: 'Priya Shah', email: 'priya@example.com', message: 'We need a pentest of our API.' },
      },
    ]);
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');

    act(() => vi.advanceTimersByTime(4_900));
    expect(screen.getByText(SUCCESS)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument());
  });

  it("shows the server's field messages beside their fields", async () => {
    mockApi({
      'POST /api/contact': {
        status: 400,
        body: {
          error: {
            code: 'validation',
            message: 'Check the highlighted fields.',
            fields: { message: 'Message is too long (5000 characters at most)' },
          },
        },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/contact');
    await user.type(screen.getByLabelText('Name'), 'Priya');
    await user.type(screen.getByLabelText('Email'), 'priya@example.com');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message is too long (5000 characters at most)')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(
      'Message is too long (5000 characters at most)',
    );
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
  });

  it('says so when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const user = userEvent.setup();
    renderScreen(routes, '/contact');
    await user.type(screen.getByLabelText('Name'), 'Priya');
    await user.type(screen.getByLabelText('Email'), 'priya@example.com');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not reach the server. Check your connection and try again.',
    );
  });
});
