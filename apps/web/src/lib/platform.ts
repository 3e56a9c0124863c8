interface CapacitorGlobal {
  Capacitor?: { isNativePlatform?: () => boolean };
}

/** True inside the Capacitor shell of the native app, where the same React app runs. */
export function isNativeApp(): boolean {
  return (globalThis as CapacitorGlobal).Capacitor?.isNativePlatform?.() === true;
}
