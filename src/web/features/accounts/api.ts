// Accounts on the web side: signup, the login portals, logout, email verification, password reset and changes
// to the caller's own profile and account. Every mutation that changes who is signed in updates the session
// query (read through features/viewer), so the navbar and guards follow at once.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  PasswordUpdated,
  BecomeFreelancerInput,
  BecomeFreelancerResult,
  FreelancerSignupInput,
  LoginPortal,
  Session,
  UpdatePasswordInput,
  UserSignupInput,
  ChangeEmailInput,
  ChangePasswordInput,
  DeleteAccountInput,
  AccountDeletion,
} from '#shared/accounts.ts';
import { api } from '#web/lib/api-client.ts';
import { accountKeys } from '#web/features/query-keys/keys.ts';

type Message = { message: string };
export type LoginResult = Session & { redirectTo: string };
export type LoginBody = { email: string; password: string; portal: LoginPortal };

export const signupUser = (body: UserSignupInput) => api.post<Message>('/api/auth/signup/user', body);
export const signupFreelancer = (body: FreelancerSignupInput) =>
  api.post<Message>('/api/auth/signup/freelancer', body);
export const login = (body: LoginBody) => api.post<LoginResult>('/api/auth/login', body);
export const logout = () => api.post<void>('/api/auth/logout');
export const verifyEmail = (token: string) => api.post<Message>('/api/auth/verify-email', { token });
export const resendVerification = (email: string) =>
  api.post<Message>('/api/auth/resend-verification', { email });
export const forgotPassword = (email: string) => api.post<Message>('/api/auth/forgot-password', { email });
export const resetPassword = (body: UpdatePasswordInput) =>
  api.post<PasswordUpdated>('/api/auth/reset-password', body);
export const becomeFreelancer = (body: BecomeFreelancerInput) =>
  api.post<BecomeFreelancerResult>('/api/auth/become-freelancer', body);

const SIGNED_OUT: Session = { user: null, roles: [] };

/** Forget everything cached for the previous visitor (bookings, favourites...) but keep the session entry observed. */
function dropUserData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== accountKeys.session[0] });
}

export const useSignupUser = () => useMutation({ mutationFn: signupUser });
export const useSignupFreelancer = () => useMutation({ mutationFn: signupFreelancer });
export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

/**
 * A query, not a mutation run from an effect: the token is single-use, and a query runs once per token even when
 * React mounts twice.
 */
export const getVerifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: accountKeys.verifyEmail(token),
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
export const useVerifyEmail = (token: string) => useQuery(getVerifyEmailQueryOptions(token));

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async ({ user, roles }) => {
      dropUserData(queryClient);
      // The answer already says who signed in: show it now, then confirm with the server.
      queryClient.setQueryData<Session>(accountKeys.session, { user, roles });
      await queryClient.invalidateQueries({ queryKey: accountKeys.session });
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
      queryClient.setQueryData<Session>(accountKeys.session, SIGNED_OUT);
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
      queryClient.setQueryData<Session>(accountKeys.session, { user, roles });
      await queryClient.invalidateQueries({ queryKey: accountKeys.session });
    },
  });
}

// Account settings (/account). Signing out everywhere and deleting the account end this session too.
export const ACCOUNT_EXPORT_URL = '/api/me/account/export';
export const changePassword = (body: ChangePasswordInput) =>
  api.post<Message>('/api/me/account/password', body);
export const changeEmail = (body: ChangeEmailInput) => api.post<Message>('/api/me/account/email', body);
export const signOutEverywhere = () =>
  api.post<Message>('/api/me/account/sign-out-everywhere', { confirm: true });
export const deleteMyAccount = (body: DeleteAccountInput) =>
  api.post<Message>('/api/me/account/delete', body);
export const getAccountDeletion = () => api.get<AccountDeletion>('/api/me/account/delete');
/** Read when the deletion dialog opens, and afresh each time: a refund depends on the hour. */
export const useAccountDeletion = (enabled: boolean) =>
  useQuery({ queryKey: accountKeys.deletion, queryFn: getAccountDeletion, enabled, staleTime: 0 });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });

/** For a mutation after which this browser is signed out: forget the session and the account's data. */
function useEndingSession<TIn>(mutationFn: (input: TIn) => Promise<Message>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      queryClient.setQueryData<Session>(accountKeys.session, SIGNED_OUT);
      dropUserData(queryClient);
    },
  });
}
export const useSignOutEverywhere = () => useEndingSession<void>(() => signOutEverywhere());
export const useDeleteMyAccount = () => useEndingSession<DeleteAccountInput>(deleteMyAccount);
