// The money invariants live in the server (src/server/ops/invariants.ts): its hourly self-check and the
// admin CLI run the same checks as this suite and the soak.
export { checkInvariants, type InvariantReport } from '../../src/server/ops/invariants.ts';
