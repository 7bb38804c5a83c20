// Two columns read side by side (wind and power, direction and speed): only the rows with a value on both sides.

/** Calls `visit` with each row's pair where both values are finite numbers; a gap on either side skips the row. */
export function eachFinitePair(
  a: ArrayLike<number | null>,
  b: ArrayLike<number | null>,
  visit: (x: number, y: number, i: number) => void,
): void {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i];
    const y = b[i];
    if (x === null || x === undefined || y === null || y === undefined || !Number.isFinite(x) || !Number.isFinite(y))
      continue;
    visit(x, y, i);
  }
}
