/**
 * `items` in runs of at most `size`, for statements that take a list (`IN (…)`, multi-row `VALUES`):
 * SQLite binds at most 32,766 parameters per statement and PostgreSQL 65,535, so a caller picks a
 * size that keeps rows × columns well inside both.
 */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
