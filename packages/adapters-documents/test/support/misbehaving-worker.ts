/**
 * A render worker for the pool's tests: a book (or a cover) titled `hang` never finishes, one titled `fail` throws, one
 * titled `crash` ends its thread, one titled `slow` waits 1.5 s first, one titled `lower` only lowers the thread's
 * priority as a render's first task does (and answers no bytes); anything else is the real worker's.
 */
import renderInWorker, { lowerThisThread, type CoverTask, type RenderTask } from '../../src/render-pool/render-worker.js';

export default async function misbehave(task: RenderTask | CoverTask): Promise<unknown> {
  switch ('cover' in task ? task.cover.title : task.document.title_page.title) {
    case 'hang':
      return new Promise(() => setInterval(() => undefined, 1000));
    case 'fail':
      throw new Error('the layout broke on purpose');
    case 'slow':
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return renderInWorker(task);
    case 'lower':
      lowerThisThread();
      return new Uint8Array(0);
    case 'crash':
      process.exit(3);
      break;
    default:
      return renderInWorker(task);
  }
}
