/**
 * A render worker for the pool's tests: a book titled `hang` never finishes, one titled `fail` throws, one titled
 * `crash` ends its thread; anything else is rendered by the real worker.
 */
import renderInWorker, { type RenderTask } from '../../src/render-pool/render-worker.js';

export default async function misbehave(task: RenderTask): Promise<unknown> {
  switch (task.document.title_page.title) {
    case 'hang':
      return new Promise(() => setInterval(() => undefined, 1000));
    case 'fail':
      throw new Error('the layout broke on purpose');
    case 'crash':
      process.exit(3);
      break;
    default:
      return renderInWorker(task);
  }
}
