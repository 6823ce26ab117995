/** Order statistics for a handful of rounds: medians and the min–max spread, never means. */

export function quantile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}

export const median = (values) => quantile(values, 0.5);

/** { median, min, max, n, values } of one figure over the measured rounds. */
export function summarize(values) {
  const finite = values.filter((v) => Number.isFinite(v));
  return {
    median: median(finite),
    min: finite.length ? Math.min(...finite) : NaN,
    max: finite.length ? Math.max(...finite) : NaN,
    n: finite.length,
    values,
  };
}

/** Ratios round by round (ours in round r ÷ peer in round r), so the spread is the ratio's own. */
export function ratios(ours, peer) {
  return summarize(ours.map((value, i) => value / peer[i]));
}
