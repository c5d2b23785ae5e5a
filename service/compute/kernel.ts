// A pool route's kernel: a module only its handler runs (GEOS's WebAssembly for the overlays,
// GeographicLib for elevation profiles, the GeoJSON checks), imported on first use. The main thread
// registers every route but never runs a pool route's handler (routes declare `compute: "pool"`), so
// it never loads a kernel: the bundle puts each in its own chunk, off the path to the service's first answer
// (test/startup/main-thread-modules.test.ts checks the module graph). The compute workers load every
// kernel when they start (worker.ts), before they report ready, so no request waits for one.
const kernels: (() => Promise<unknown>)[] = [];
let requestThread = false;

/**
 * Marks this thread as the service's request thread (buildApp): from now on a kernel asked for here
 * is refused, so a heavy route that forgot `compute: "pool"` fails on its first call (and in every
 * test that calls it) instead of silently computing on the thread that answers everyone. Returns
 * the undo, for a test that shares its thread with the files after it (the unit tier's workers).
 */
export function refuseKernelsOnThisThread(): () => void {
  const before = requestThread;
  requestThread = true;
  return () => {
    requestThread = before;
  };
}

/** The kernel `load` imports, loaded once (its import is the only reference to the module). */
export function kernel<M>(load: () => Promise<M>): () => Promise<M> {
  let loaded: Promise<M> | undefined;
  const get = () => {
    if (requestThread)
      return Promise.reject(
        new Error('a kernel was asked for on the request thread: declare its route compute: "pool"'),
      );
    loaded ??= load();
    return loaded;
  };
  kernels.push(get);
  return get;
}

/** Loads every kernel of the route modules imported so far (a compute worker, at its start). */
export const loadKernels = (): Promise<unknown[]> => Promise.all(kernels.map((get) => get()));
