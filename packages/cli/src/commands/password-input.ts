/**
 * The password given on standard input (`--password-stdin`), so it never appears in the shell history or the
 * process list. Piped input is read to its end, less one final line break; a terminal gives its first line.
 */
export async function readPassword(stdin: NodeJS.ReadableStream & { isTTY?: boolean }): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin as AsyncIterable<Buffer | string>) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    if (stdin.isTTY === true && chunk.includes('\n')) break;
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return stdin.isTTY === true ? (text.split(/\r?\n/)[0] ?? '') : text.replace(/\r?\n$/, '');
}
