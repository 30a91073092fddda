// Verifier CLI for auditors: recomputes a result from seeds with the shared fair code and prints
// exactly one JSON object. Usage: npm run --silent verify -- <game> --server-seed S
// --client-seed C --nonce N [--target T [--direction over|under] | --rows R --risk low|medium|high
// | --segments K | --chance C | --hash H --salt S [--chain N]] [--floats K]; for `box`, --box SLUG
// --box-version V also names the item won (local database); `battle --server-seed S --public-seed P
// --round R --seat S` prints the ticket of one seat in one round. Crazy Wheel rounds: crazy-wheel
// --server-seed S (the revealed day seed) --public-seed P --round ID.
import { parseArgs } from 'node:util';
import { verifyResult } from './verify.service.ts';
import { boxItemForTicket } from './verify.repository.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  strict: false,
  options: {
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
  },
});

let result = verifyResult(positionals[0], values as Record<string, string | boolean | undefined>);
if (!('error' in result) && result.game === 'box' && typeof values.box === 'string') {
  try {
    const version = typeof values['box-version'] === 'string' ? values['box-version'] : undefined;
    result = { ...result, ...(await boxItemForTicket(process.env, values.box, version, result.ticket as number)) };
  } catch (e) {
    result = { error: (e as Error).message };
  }
}
if ('error' in result) {
  process.stderr.write(`${String(result.error)}\n`);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exitCode = 2;
} else {
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
