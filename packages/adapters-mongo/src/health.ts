import type { Db } from 'mongodb';

/**
 * Whether the database answers a ping within `timeoutMs`, for `/readyz`. Never throws and never waits longer:
 * the driver's own timeout (`timeoutMS`) bounds the call, and a timer bounds it again for engines that ignore it.
 */
export async function pingDatabase(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
  });
  const ping = db.command({ ping: 1 }, { timeoutMS: timeoutMs }).then(
    (reply) => reply['ok'] === 1,
    () => false,
  );
  try {
    return await Promise.race([ping, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
