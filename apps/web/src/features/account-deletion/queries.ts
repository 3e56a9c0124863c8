import type { ConfirmAccountDeletion } from "@quire/core";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const accountDeletionKeys = { captcha: () => ["account-deletion", "captcha"] as const };

const NOT_REFETCHED = new Set(["auth", "account-deletion"]);

/**
 * Which captcha the server checks (and its site key). The ALTCHA challenge in the answer is not used:
 * the widget fetches a fresh one each time it verifies.
 */
export function captchaQuery() {
  return queryOptions({
    queryKey: accountDeletionKeys.captcha(),
    queryFn: ({ signal }) => api("captcha.challenge", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { anonymous: true },
  });
}

/** Emails the signed-in user a link that deletes the account (valid 24 hours). */
export function useRequestAccountDeletion() {
  return useMutation({
    mutationFn: () => api("accountDeletion.request"),
  });
}

/**
 * Deletes the account the link's token names. The link may be opened signed out, or signed in as
 * someone else, so afterwards the session is asked again rather than assumed gone: the server ended
 * it (and cleared the cookie) only if it was the deleted account's.
 */
export function useConfirmAccountDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmAccountDeletion) => api("accountDeletion.confirm", { body: input }),
    meta: { anonymous: true },
    // Everything cached may have been the deleted user's. The one-time link checks ("auth") and this
    // screen's own captcha query are not asked again.
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => !NOT_REFETCHED.has(String(query.queryKey[0])) }),
  });
}
