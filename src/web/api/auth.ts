// Account calls of the browser: signup, the login portals, logout, email verification and password reset.
// Every mutation that changes who is signed in updates the session query, so the navbar and guards follow at once.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  BecomeFreelancerInput,
  BecomeFreelancerResult,
  FreelancerSignupInput,
  LoginPortal,
  Session,
  UpdatePasswordInput,
  UserSignupInput,
} from '../../shared/schemas/auth';
import { api } from './client';
import { sessionQueryKey } from './session';

type Message = { message: string };
export type LoginResult = Session & { redirectTo: string };
export type LoginBody = { email: string; password: string; portal: LoginPortal };

export const signupUser = (body: UserSignupInput) => api.post<Message>('/api/auth/signup/user', body);
export const signupFreelancer = (body: FreelancerSignupInput) => api.post<Message>('/api/auth/signup/freelancer', body);
export const login = (body: LoginBody) => api.post<LoginResult>('/api/auth/login', body);
export const logout = () => api.post<void>('/api/auth/logout');
export const verifyEmail = (token: string) => api.post<Message>('/api/auth/verify-email', { token });
export const resendVerification = (email: string) => api.post<Message>('/api/auth/resend-verification', { email });
export const forgotPassword = (email: string) => api.post<Message>('/api/auth/forgot-password', { email });
export const resetPassword = (body: UpdatePasswordInput) => api.post<Message>('/api/auth/reset-password', body);
export const becomeFreelancer = (body: BecomeFreelancerInput) => api.post<BecomeFreelancerResult>('/api/auth/become-freelancer', body);

const SIGNED_OUT: Session = { user: null, roles: [] };

/** Forget everything cached for the previous visitor (bookings, favourites...) but keep the session entry observed. */
function dropUserData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
}

export const useSignupUser = () => useMutation({ mutationFn: signupUser });
export const useSignupFreelancer = () => useMutation({ mutationFn: signupFreelancer });
export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async ({ user, roles }) => {
      dropUserData(queryClient);
      // The answer already says who signed in: show it now, then confirm with the server.
      queryClient.setQueryData<Session>(sessionQueryKey, { user, roles });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

/** `leave` runs after the server ended the session and before the cache forgets it, so the navbar does not flash. */
export function useLogout(leave?: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await logout();
      await leave?.();
    },
    onSuccess: () => {
      // Only after the server ended the session: a failed logout keeps the state (spec section 4).
      queryClient.setQueryData<Session>(sessionQueryKey, SIGNED_OUT);
      dropUserData(queryClient);
    },
  });
}

/** A signed-in account adds the freelancer role: the new roles change the menu and the guards, so refresh the session. */
export function useBecomeFreelancer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: becomeFreelancer,
    onSuccess: async ({ user, roles }) => {
      queryClient.setQueryData<Session>(sessionQueryKey, { user, roles });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
