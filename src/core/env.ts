/**
 * A setting read from an environment variable that must be a whole number above 0: blank or unset gives the
 * default; anything else stops with a message naming the variable, so a typo is not silently the default.
 */
export function positiveIntegerFrom(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  /** What the number counts, for the message: `bytes`, `calls`. */
  unit: string,
): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^[1-9]\d*$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw new Error(`${name} must be a whole number of ${unit} above 0, not ${JSON.stringify(env[name])}`);
  }
  return Number(raw);
}
