/** The channel on which hanging-warm-up-worker.ts says its warm-up has begun (a module of its own: the test reads it without loading the renderer). */
export const WARM_UP_HANGS = 'render-pool-test: the warm-up hangs';
