import { SOCIAL_SIGN_IN_ERRORS, type SocialExchangeRequest, type SocialProvider } from "@quire/core";
import { ERRORS } from "@quire/core/errors";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../lib/api-client";
import { saveSessionToken } from "../../lib/native/native-session";
import { isNativeApp } from "../../lib/native/platform";
import { SESSION_QUERY_KEY } from "../../lib/session-state";
import { refreshAfterSessionChange } from "./session";

/** Which providers the server has a client for, and the native app's link scheme: fixed per deployment. */
export function providersQuery() {
  return queryOptions({
    queryKey: ["auth", "providers"] as const,
    queryFn: ({ signal }) => api("auth.providers", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { anonymous: true },
  });
}

export const useSocialProviders = () => useQuery(providersQuery());

/** Sends the browser to the provider; it comes back through the server's callback to `returnTo`. */
export function useStartSocialSignIn() {
  return useMutation({
    mutationFn: (input: { provider: SocialProvider; returnTo: string }) =>
      api("auth.socialSignIn", {
        body: {
          provider: input.provider,
          callbackURL: input.returnTo,
          // The app's sign-in finishes in the system browser, which hands it back through /auth/action.
          ...(isNativeApp() && { native: true }),
        },
      }),
    meta: { anonymous: true },
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/**
 * A native hand-off token spent by the browser itself (SPEC §2's fallback when the app did not
 * open). Spending it is once only, so it runs as a query per token: re-renders and React's double
 * effects reuse the first answer.
 */
export function socialExchangeQuery(input: SocialExchangeRequest) {
  return queryOptions({
    queryKey: ["auth", "social-exchange", input.token] as const,
    queryFn: async () => {
      const answer = await api("auth.socialExchange", { body: input });
      await saveSessionToken(answer.token);
      return answer;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { anonymous: true },
  });
}

/** Spends the token once `enabled`, and makes its user the signed-in one. */
export function useSocialExchange(input: SocialExchangeRequest, enabled: boolean) {
  const queryClient = useQueryClient();
  const exchange = useQuery({ ...socialExchangeQuery(input), enabled });
  const user = exchange.data?.user;
  useEffect(() => {
    if (!user) return;
    queryClient.setQueryData(SESSION_QUERY_KEY, user);
    refreshAfterSessionChange(queryClient);
  }, [user, queryClient]);
  return exchange;
}

/**
 * The message for the server's `/auth/sign-in?error=<key>` after a failed social sign-in; a key it
 * does not know (an edited link) reads as the generic failure.
 */
export function socialSignInErrorMessage(key: string | null): string | undefined {
  if (!key) return undefined;
  const known = SOCIAL_SIGN_IN_ERRORS.find((candidate) => candidate === key) ?? "socialSignInFailed";
  return ERRORS[known].message;
}
