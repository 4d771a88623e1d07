/** Runs the operator CLI as its own process, as `pnpm cli` would: built or from the sources (see `entryArgs`). */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { entryArgs } from './spawned-service.js';

const CLI_DIR = fileURLToPath(new URL('../../../cli', import.meta.url));

export function runCliFromSources(args: readonly string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...entryArgs(), ...args], { cwd: CLI_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
