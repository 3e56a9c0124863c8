const UNITS = ["bytes", "KB", "MB", "GB"] as const;

/** Sizes as people read them on upload screens: 300 KB, 1.2 MB (binary units, one decimal above 10 KB). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}
