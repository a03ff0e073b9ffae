// POST /api/contact: the public contact form.
import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '#shared/contact.ts';
import { api } from '#web/lib/api-client.ts';

export const sendContactMessage = (input: ContactInput) =>
  api.post<{ message: string }>('/api/contact', input);

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
