import type { Segment } from '@bhasha/engine';
import type { SeenSegment } from './delivery-client';

const BATCH_SIZE = 100;
const SETTLE_MS = 2_000;
/** At most this many reports per minute and page; the server limits again per project. */
const REPORTS_PER_MINUTE = 4;
const REMEMBERED_LIMIT = 5_000;
const STORAGE_KEY = 'bhasha:reported';

function loadReported(): Set<string> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((item) => typeof item === 'string') : []);
  } catch {
    return new Set();
  }
}

/**
 * Batches segments the project does not know yet and sends them a moment later, each hash once
 * per browser session, within a per-minute budget.
 */
export class NewContentReporter {
  private readonly queue = new Map<string, SeenSegment>();
  private readonly reported = loadReported();
  private readonly sentAt: number[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly send: (url: string, segments: readonly SeenSegment[]) => void) {}

  add(segments: readonly Segment[]): void {
    for (const segment of segments) {
      if (this.reported.has(segment.sourceHash) || this.queue.has(segment.sourceHash)) continue;
      this.queue.set(segment.sourceHash, { text: segment.text, kind: segment.kind });
    }
    if (this.queue.size > 0 && this.timer === undefined)
      this.timer = setTimeout(() => this.flush(), SETTLE_MS);
  }

  private flush(): void {
    this.timer = undefined;
    const now = Date.now();
    while (this.sentAt.length > 0 && now - this.sentAt[0]! > 60_000) this.sentAt.shift();
    if (this.sentAt.length >= REPORTS_PER_MINUTE) {
      this.timer = setTimeout(() => this.flush(), 60_000 - (now - this.sentAt[0]!));
      return;
    }
    const batch = [...this.queue].slice(0, BATCH_SIZE);
    for (const [hash] of batch) {
      this.queue.delete(hash);
      if (this.reported.size < REMEMBERED_LIMIT) this.reported.add(hash);
    }
    this.sentAt.push(now);
    this.send(
      location.href,
      batch.map(([, segment]) => segment),
    );
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...this.reported]));
    } catch {
      // Storage full or blocked: the session simply reports again.
    }
    if (this.queue.size > 0) this.timer = setTimeout(() => this.flush(), SETTLE_MS);
  }
}
