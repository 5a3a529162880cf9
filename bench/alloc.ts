/**
 * Bytes allocated on the JavaScript heap while a function runs, for the benches' "allocation per
 * decision / per iteration" figures.
 *
 * Node 20's `v8.getHeapStatistics()` has no running total of allocated bytes, so this adds up what
 * the garbage collector freed during the run (`v8.GCProfiler` reports the used heap before and
 * after every collection) and the growth of the used heap from start to end:
 *   allocated = Σ (used before GC − used after GC) + (used at end − used at start).
 * Objects that live on are counted when they are made; nothing is counted twice. The figure is
 * good to a few per cent over runs of thousands of steps (a collection in progress at either end
 * blurs it); it counts JavaScript heap objects only (not Buffers' external memory).
 */
import { GCProfiler, getHeapStatistics } from 'node:v8';

/** Run `f` and return its result with the bytes it allocated on the heap (see the module note). */
export function measureAllocation<T>(f: () => T): { value: T; bytes: number } {
  const profiler = new GCProfiler();
  const before = getHeapStatistics().used_heap_size;
  profiler.start();
  const value = f();
  const after = getHeapStatistics().used_heap_size;
  const report = profiler.stop() as unknown as
    | { statistics: { beforeGC: { heapStatistics: { usedHeapSize: number } }; afterGC: { heapStatistics: { usedHeapSize: number } } }[] }
    | undefined;
  let freed = 0;
  for (const s of report?.statistics ?? []) freed += s.beforeGC.heapStatistics.usedHeapSize - s.afterGC.heapStatistics.usedHeapSize;
  return { value, bytes: Math.max(0, freed + after - before) };
}
