// Verifier CLI for auditors: recomputes a result from seeds with the shared fair code and prints
// exactly one JSON object. Usage: npm run --silent verify -- <game> --server-seed S
// --client-seed C --nonce N [--target T [--direction over|under] | --rows R --risk low|medium|high
// | --segments K | --chance C | --hash H --salt S [--chain N]] [--floats K]; for `box`, --box SLUG
// --box-version V also names the item won (local database); `battle --server-seed S --public-seed P
// --round R --seat S` prints the ticket of one seat in one round. Crazy Wheel rounds: wheel
// --server-seed S (the revealed day seed) --public-seed P --round ID. The work is in verify.run.ts.
import { runVerify } from './verify.run.ts';

const { stdout, stderr, exitCode } = await runVerify(process.argv.slice(2), process.env);
if (stderr) process.stderr.write(stderr);
process.stdout.write(stdout);
process.exitCode = exitCode;
