/**
 * The tab an arrow key moves to in a row of `count` tabs: WAI-ARIA tabs move with the left and right arrows and wrap
 * around at the ends. Undefined for any other key, which the tab leaves to the browser.
 */
export function arrowTarget(key: string, index: number, count: number): number | undefined {
  const step = key === 'ArrowRight' ? 1 : key === 'ArrowLeft' ? -1 : 0;
  if (step === 0 || count === 0) return undefined;
  return (index + step + count) % count;
}
