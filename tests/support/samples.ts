/** One answer of a steady load: when its request was sent, when its answer came, and what it was. */
export interface Sample {
  sentAt: number;
  at: number;
  probe: string;
  status: number;
  ms: number;
}

/**
 * The samples of an outage: those whose request was SENT between `from` (the kill) and `to` (the restart).
 *
 * Not those answered in that window: a request in flight to a service when it is SIGKILLed dies with the process,
 * and the gateway answers it 503 at its RPC timeout (2.5 s in the tests). When the previous outage was short (kill,
 * 503, restart and 200 again in under 2.5 s), that answer arrives after the next kill and, counted by its arrival,
 * looked like a healthy service failing during the next outage (the kill-services flake of 2026-11-23).
 */
export function sentBetween(samples: readonly Sample[], from: number, to: number): Sample[] {
  return samples.filter((s) => s.sentAt >= from && s.sentAt < to);
}
