/**
 * A render worker for the pool's tests whose warm-up never finishes; renders are the real worker's. It says on the
 * `WARM_UP_HANGS` channel when the warm-up has begun: a test that terminates the thread waits for that, since Node 20
 * can abort the whole process when a worker is terminated while it still loads its modules.
 */
import { BroadcastChannel } from 'node:worker_threads';
import renderInWorker, { type RenderTask, type WarmUpTask } from '../../src/render-pool/render-worker.js';
import { WARM_UP_HANGS } from './warm-up-channel.js';

export default async function hangOnWarmUp(task: RenderTask | WarmUpTask): Promise<unknown> {
  if ('warmUp' in task) {
    const channel = new BroadcastChannel(WARM_UP_HANGS);
    channel.postMessage('hanging');
    channel.close();
    return new Promise(() => setInterval(() => undefined, 1000));
  }
  return renderInWorker(task);
}
