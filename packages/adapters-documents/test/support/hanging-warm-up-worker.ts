/** A render worker for the pool's tests whose warm-up never finishes; renders are the real worker's. */
import renderInWorker, { type RenderTask, type WarmUpTask } from '../../src/render-pool/render-worker.js';

export default async function hangOnWarmUp(task: RenderTask | WarmUpTask): Promise<unknown> {
  if ('warmUp' in task) return new Promise(() => setInterval(() => undefined, 1000));
  return renderInWorker(task);
}
