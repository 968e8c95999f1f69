import type { MessagePort } from 'node:worker_threads';
import type { PageReader, PageReading, PageReadRequest } from './page-reader';

/** From the crawl's thread to a reader thread. */
export type ReaderRequestMessage =
  | { readonly type: 'read'; readonly id: number; readonly request: PageReadRequest }
  | { readonly type: 'forget'; readonly crawlId: string };

/** From a reader thread back: the reading of request `id`, or why it could not be read. */
export type ReaderAnswerMessage =
  { readonly id: number; readonly reading: PageReading } | { readonly id: number; readonly error: string };

/**
 * Answers the reads that arrive on `port` with `reader`, one at a time in arrival order. A page
 * the reader throws on is answered with the error's message (that page fails, the thread goes on).
 */
export function servePageReads(port: MessagePort, reader: PageReader): void {
  port.on('message', (message: ReaderRequestMessage) => {
    if (message.type === 'forget') return reader.forget(message.crawlId);
    let answer: ReaderAnswerMessage;
    try {
      answer = { id: message.id, reading: reader.read(message.request) };
    } catch (error) {
      answer = { id: message.id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(answer);
  });
}
