/** Resolves once the service at `url` answers `/readyz` with 200 (its search index built), polled every 50 ms. */
export async function untilReady(url: string, attempts = 1200): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if ((await fetch(`${url}/readyz`).then((response) => response.status, () => 0)) === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} never became ready`);
}
