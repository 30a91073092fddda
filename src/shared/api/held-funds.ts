// Held funds (issue 24 item 6): crypto credited over a deposit limit or during a self-exclusion is
// held: withdrawable at once, playable once the limits allow. GET /api/wallet/held.
import { z } from 'zod';

/** The player's held funds and the sentence the wallet shows about them. */
export const heldFundsSchema = z.object({
  held: z.number(), // dollars held (0: nothing held)
  playable_from: z.string().nullable(), // ISO 8601: when (part of) it can be played, if no more is deposited
  msg: z.string().nullable(), // e.g. "$5,500.00 of your deposits is held because … You can withdraw it now, or play it from …"
});
/** The player's held funds. */
export type HeldFunds = z.infer<typeof heldFundsSchema>;
/** GET /api/wallet/held. */
export const heldFundsResponse = z.object({ data: heldFundsSchema });
