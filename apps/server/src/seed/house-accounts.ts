/**
 * SPEC §4's "two fixed accounts" that suggestions never offer: the house accounts the demo seeds.
 * They are the default of QUIRE_SUGGESTIONS_EXCLUDE.
 */
export const HOUSE_ACCOUNT_USERNAMES = ["quire", "quire_editors"] as const;
