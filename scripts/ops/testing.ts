// Running the CLI as an operator does, for its tests.
import { spawn } from 'node:child_process';
import { expect } from 'vitest';

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run ops -- …` as a separate process (what an operator runs), without this shell's ops settings. */
export function ops(args: string[], env: Record<string, string> = {}, input = ''): Promise<Run> {
  const { PORTICO_OPS_TOKEN, PORTICO_URL, DATABASE_URL, ...rest } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', ...args], {
    env: { ...rest, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  child.stdin.end(input);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A failure is one line naming the problem, never a stack trace. */
export const oneLine = (run: Run, message: string | RegExp) => {
  const lines = run.stderr.trim().split('\n');
  expect(lines[0]).toMatch(message);
  expect(run.stderr).not.toMatch(/^\s+at /m);
};
