/**
 * Open loop: `rate` arrivals a second for `seconds`, whether or not earlier ones have been answered, so the
 * latency measured is the service time at that load, not the queueing of a closed loop. Each arrival goes to
 * the diner who has waited longest among those not waiting for an answer (a phone places its next order
 * after "Order placed"); when every diner is waiting, the arrival is not sent, and counted.
 * Resolves once the last answer is in, with the seconds that took.
 */
export async function openLoop<Diner>(
  diners: Diner[],
  rate: number,
  seconds: number,
  send: (diner: Diner, index: number) => Promise<void>,
): Promise<{ seconds: number; notSent: number }> {
  const interval = 1000 / rate;
  const started = performance.now();
  const free = [...diners];
  const inFlight = new Set<Promise<void>>();
  let notSent = 0;
  for (let i = 0; i < rate * seconds; i++) {
    const wait = started + i * interval - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const diner = free.shift();
    if (diner === undefined) {
      notSent++;
      continue;
    }
    const request: Promise<void> = send(diner, i).finally(() => {
      inFlight.delete(request);
      free.push(diner);
    });
    inFlight.add(request);
  }
  await Promise.all(inFlight);
  return { seconds: (performance.now() - started) / 1000, notSent };
}
