// Types of heap.mjs, for its tests.
export const DEFAULT_HEAP_MB: number;
export function heapLimitMb(env?: Record<string, string | undefined>): number;
export function heapArgs(env?: Record<string, string | undefined>, execArgv?: readonly string[]): string[];
export function relaunchWithBoundedHeap(env?: Record<string, string | undefined>): boolean;
