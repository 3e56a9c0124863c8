import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { useStoreMe } from "../users";

export const plusKeys = {
  all: ["plus"] as const,
  pricing: (currency: string) => [...plusKeys.all, "pricing", currency] as const,
  betaSignups: () => [...plusKeys.all, "beta-signups"] as const,
};

export function plusPricingQuery(currency: string) {
  return queryOptions({
    queryKey: plusKeys.pricing(currency),
    queryFn: ({ signal }) => api("plus.get", { query: { currency }, signal }),
    staleTime: 60 * 60 * 1000,
  });
}

export const usePlusPricing = (currency: string) => useQuery(plusPricingQuery(currency));

/** Joining the beta is the profile's signUpForBeta; the answer becomes the session's user. */
export function useJoinBeta() {
  const storeMe = useStoreMe();
  return useMutation({
    mutationFn: () => api("me.update", { body: { signUpForBeta: true } }),
    onSuccess: ({ user }) => storeMe(user),
  });
}

export function betaSignupsQuery() {
  return infiniteQueryOptions({
    queryKey: plusKeys.betaSignups(),
    queryFn: ({ pageParam, signal }) =>
      api("admin.betaSignups", { query: pageParam ? { cursor: pageParam } : {}, signal }),
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export const useBetaSignups = () => useInfiniteQuery(betaSignupsQuery());
