/**
 * A render worker for the pool's tests whose warm-up first waits 2 s, and whose books titled `slow` wait 4 s
 * before they are rendered; the rest is the real worker's.
 */
import renderInWorker, { type RenderTask, type WarmUpTask } from '../../src/render-pool/render-worker.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default async function slowWarmUp(task: RenderTask | WarmUpTask): Promise<unknown> {
  if ('warmUp' in task) await pause(2000);
  else if (task.document.title_page.title === 'slow') await pause(4000);
  return renderInWorker(task);
}
