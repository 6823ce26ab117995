/**
 * Alternating rounds: one warm-up round, then `rounds` measured ones, each running every
 * contender once in the same order (A B C, A B C …), so a slow minute on a shared machine hits
 * all of them rather than one.
 *
 * `contenders`: [{ name, run(round) → number | { value, ...details } }]. Returns, per contender,
 * the measured values and the details of every round (warm-up included, marked).
 */
export async function alternate({ contenders, warmup = 1, rounds = 5, log = () => {} }) {
  const results = Object.fromEntries(contenders.map((c) => [c.name, { values: [], rounds: [] }]));
  for (let round = 0; round < warmup + rounds; round++) {
    const measured = round >= warmup;
    for (const contender of contenders) {
      const started = performance.now();
      const outcome = await contender.run(round);
      const value = typeof outcome === 'number' ? outcome : outcome.value;
      const details = typeof outcome === 'number' ? {} : outcome;
      results[contender.name].rounds.push({ round, warmup: !measured, wallMs: performance.now() - started, ...details, value });
      if (measured) results[contender.name].values.push(value);
      log(`${measured ? `round ${round - warmup + 1}` : 'warm-up'} ${contender.name}: ${format(value)}`);
    }
  }
  return results;
}

const format = (value) =>
  Number.isFinite(value) ? (Math.abs(value) >= 100 ? value.toFixed(0) : value.toPrecision(3)) : String(value);
