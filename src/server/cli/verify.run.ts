// The verifier CLI's work, apart from the process: arguments and environment in, the one line of
// JSON for stdout (an error also goes to stderr) and the exit code out. `verify.ts` is the thin
// process wrapper; tests call this in-process and spawn the real CLI only for its process contract.
import { parseArgs } from 'node:util';
import { verifyResult } from './verify.service.ts';
import { boxItemForTicket } from './verify.repository.ts';

/** What the CLI prints and how it exits. */
export interface VerifyRun {
  stdout: string; // exactly one JSON object and a newline
  stderr: string; // the error text, if any
  exitCode: number; // 0, or 2 for bad input
}

const OPTIONS = {
  'server-seed': { type: 'string' },
  'client-seed': { type: 'string' },
  'public-seed': { type: 'string' },
  round: { type: 'string' },
  nonce: { type: 'string' },
  rows: { type: 'string' },
  risk: { type: 'string' },
  segments: { type: 'string' },
  hash: { type: 'string' },
  salt: { type: 'string' },
  chain: { type: 'string' },
  chance: { type: 'string' },
  target: { type: 'string' },
  direction: { type: 'string' },
  floats: { type: 'string' },
  box: { type: 'string' },
  'box-version': { type: 'string' },
  seat: { type: 'string' },
} as const;

/** Runs the verifier on `args` (without node and the script); `env` locates the box database. */
export async function runVerify(args: string[], env: NodeJS.ProcessEnv): Promise<VerifyRun> {
  const { positionals, values } = parseArgs({ args, allowPositionals: true, strict: false, options: OPTIONS });
  let result = verifyResult(positionals[0], values as Record<string, string | boolean | undefined>);
  if (!('error' in result) && result.game === 'box' && typeof values.box === 'string') {
    try {
      const version = typeof values['box-version'] === 'string' ? values['box-version'] : undefined;
      result = { ...result, ...(await boxItemForTicket(env, values.box, version, result.ticket as number)) };
    } catch (e) {
      result = { error: (e as Error).message };
    }
  }
  const stdout = `${JSON.stringify(result)}\n`;
  if ('error' in result) return { stdout, stderr: `${String(result.error)}\n`, exitCode: 2 };
  return { stdout, stderr: '', exitCode: 0 };
}
