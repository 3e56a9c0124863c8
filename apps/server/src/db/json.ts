/** JSON columns are text in both dialects; these keep parse and stringify in one place. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (text == null || text === "") return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function toJson(value: unknown): string {
  return JSON.stringify(value);
}

export const toBool = (value: boolean): 0 | 1 => (value ? 1 : 0);
export const fromBool = (value: number | boolean | null | undefined): boolean => value === 1 || value === true;
