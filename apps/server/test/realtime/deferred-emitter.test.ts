import { describe, expect, it } from 'vitest';
import { createDeferredEmitter } from '../../src/realtime/deferred-emitter';
import { silentEmitter, type RealtimeEmitter } from '../../src/realtime/realtime-emitter';

describe('deferred emitter', () => {
  it('holds events until flushed, sends them in order once, then starts empty', () => {
    const sent: unknown[][] = [];
    const target: RealtimeEmitter = { ...silentEmitter, emitToRoom: (...args) => sent.push(args) };
    const deferred = createDeferredEmitter();
    deferred.emitToRoom('project:a', 'translation.changed', { n: 1 });
    deferred.emitToRoom('project:a', 'translation.changed', { n: 2 });
    expect(sent).toEqual([]);
    deferred.flushTo(target);
    expect(sent).toEqual([
      ['project:a', 'translation.changed', { n: 1 }],
      ['project:a', 'translation.changed', { n: 2 }],
    ]);
    deferred.flushTo(target);
    expect(sent).toHaveLength(2);
  });
});
