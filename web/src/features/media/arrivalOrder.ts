/**
 * Puts uploads that finish in any order back in the order they were started. Uploads are numbered from 0 as they
 * start; `settle` is told each one's outcome (its URL, or null when it failed) and answers the URLs now ready to be
 * added: its own and those of later uploads that finished while it was still going.
 */
export class ArrivalOrder {
  private readonly settled = new Map<number, string | null>();
  private next = 0;

  settle(key: number, url: string | null): string[] {
    this.settled.set(key, url);
    const ready: string[] = [];
    while (this.settled.has(this.next)) {
      const arrived = this.settled.get(this.next);
      this.settled.delete(this.next);
      this.next += 1;
      if (arrived) ready.push(arrived);
    }
    return ready;
  }

  /** Whether the upload numbered `key` has been settled and handed on (with every upload before it). */
  hasJoined(key: number): boolean {
    return key < this.next;
  }
}
