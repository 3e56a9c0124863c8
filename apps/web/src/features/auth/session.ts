import type { Me, SignUpRequest } from "@quire/core";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { track } from "../../lib/analytics";
import { api } from "../../lib/api-client";
import { hasErrorCode } from "../../lib/errors";
import { saveSessionToken } from "../../lib/native/native-session";
import { isNativeApp } from "../../lib/native/platform";
import { markSignedOut, SESSION_QUERY_KEY } from "../../lib/session-state";

/*
 * Type-only imports from "@quire/core": the app shell uses this module, and it must not pull the
 * schemas (zod) into the home route's entry chunk.
 */

export const authKeys = {
  session: () => SESSION_QUERY_KEY,
  verifyEmail: (token: string) => ["auth", "verify-email", token] as const,
  passwordReset: (token: string) => ["auth", "password-reset", token] as const,
};

/**
 * The session probe (GET /api/auth/get-session): a visitor is `user: null`, an answer rather than a
 * 401, so browsing signed out logs no failed requests.
 */
export async function fetchSession(signal?: AbortSignal): Promise<Me | null> {
  const { user } = await api("auth.session", { signal });
  return user;
}

export function sessionQuery() {
  return queryOptions({
    queryKey: authKeys.session(),
    queryFn: async ({ signal }) => {
      const user = await fetchSession(signal);
      if (user) refreshPushRegistration(user.id);
      return user;
    },
    staleTime: 5 * 60_000,
    // A session check whose own answer is "unauthenticated" returns null; it never errors with it.
    meta: { anonymous: true },
  });
}

/**
 * App start for a signed-in user: a browser that turned push on keeps its registration current
 * (SPEC §4). The push module loads only where notifications are already allowed, never with the home route.
 */
function refreshPushRegistration(userId: string) {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  void import("../push").then((push) => push.refreshOnAppStart(userId)).catch(() => undefined);
}

export type SessionStatus = "loading" | "signed-in" | "signed-out" | "error";

export interface Session {
  status: SessionStatus;
  user: Me | null;
  error: unknown;
  isFetching: boolean;
  refetch(): void;
}

/** Who is signed in: asked once per app load, then kept current by sign-in, sign-out and 401 answers. */
export function useSession(): Session {
  const query = useQuery(sessionQuery());
  const user = query.data ?? null;
  let status: SessionStatus;
  if (query.data) status = "signed-in";
  else if (query.data === null) status = "signed-out";
  else if (query.isError) status = "error";
  else if (query.fetchStatus === "idle") status = "signed-out";
  else status = "loading";
  return {
    status,
    user,
    error: query.error,
    isFetching: query.isFetching,
    refetch: () => void query.refetch(),
  };
}

/**
 * After the session changes hands, everything cached for the previous one is stale — except the
 * session itself (just set) and the one-time link checks, which must not be sent again.
 */
export function refreshAfterSessionChange(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] && query.queryKey[0] !== "auth",
  });
}

export interface SignInInput {
  email: string;
  password: string;
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    // The native app shares no cookies with the site: it asks for the bearer token and keeps it.
    mutationFn: async (input: SignInInput) => {
      const answer = await api("auth.signIn", { body: isNativeApp() ? { ...input, native: true } : input });
      if (answer.token) await saveSessionToken(answer.token);
      return answer;
    },
    // Wrong credentials answer "unauthenticated": that is about this attempt, not about a session.
    meta: { anonymous: true },
    onSuccess: ({ user }) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
      refreshAfterSessionChange(queryClient);
    },
  });
}

export function useSignUp() {
  return useMutation({
    mutationFn: (input: SignUpRequest) => api("auth.signUp", { body: input }),
    onSuccess: () => track("sign_up"),
    meta: { anonymous: true },
  });
}

/**
 * Signs out. With `redirectTo` (SPEC §2: "/" is shown after logout) the app goes there first and
 * forgets the user after, so a signed-in-only screen never glimpses the signed-out state and
 * sends the user to sign in instead. The navigation is flushed synchronously: React Router
 * otherwise renders it as a transition, and the (urgent) session update would overtake it.
 */
export function useSignOut(options: { redirectTo?: string } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { redirectTo } = options;
  return useMutation({
    mutationFn: async () => {
      // Push goes first, while the session may still delete this browser's registration; it never stops sign-out.
      await import("../push").then((push) => push.disablePushOnSignOut()).catch(() => undefined);
      try {
        await api("auth.signOut");
      } catch (error) {
        // Already signed out on the server (expired session): the outcome the user asked for.
        if (!hasErrorCode(error, "unauthenticated")) throw error;
      }
      await saveSessionToken(null);
    },
    onSuccess: async () => {
      if (redirectTo) await navigate(redirectTo, { flushSync: true });
      markSignedOut(queryClient);
      refreshAfterSessionChange(queryClient);
    },
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => api("auth.resendVerification", { body: { email } }),
    meta: { anonymous: true },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => api("auth.requestPasswordReset", { body: { email } }),
    meta: { anonymous: true },
  });
}

/**
 * Verifying spends the token, so it runs once per token as a query: React's development double
 * mount, a re-render or a revisit within the session reuse the first answer instead of asking again.
 */
export function verifyEmailQuery(token: string) {
  return queryOptions({
    queryKey: authKeys.verifyEmail(token),
    queryFn: async () => {
      const answer = await api("auth.verifyEmail", { body: { token } });
      track("verify_email");
      return answer;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { anonymous: true },
  });
}

export const useVerifyEmail = (token: string) => useQuery(verifyEmailQuery(token));

/** Whether a password-reset link still works, and for which email. */
export function passwordResetQuery(token: string) {
  return queryOptions({
    queryKey: authKeys.passwordReset(token),
    queryFn: () => api("auth.checkPasswordReset", { body: { token } }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { anonymous: true },
  });
}

export const useCheckPasswordReset = (token: string) => useQuery(passwordResetQuery(token));

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => api("auth.resetPassword", { body: input }),
    meta: { anonymous: true },
    // A reset ends every session of the account, this browser's included if it had one.
    onSuccess: () => markSignedOut(queryClient),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      api("auth.changePassword", { body: input }),
  });
}
