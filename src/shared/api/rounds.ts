// Round games' socket.io contracts (issue #13): namespace /crash with events `game` and `bets`,
// namespace /wheel with events `wheel:game` and `wheel:bets`. Times are epoch ms of the server's
// clock (clients interpolate from server_time, they never decide anything); amounts and payouts
// are dollars with 2 decimals (payout = amount × multiplier floored to the cent). A `game` event
// is sent on every status change, on every tick and once on connect as the current snapshot.
import { z } from 'zod';

/** The statuses every round walks through, in order (spec §4). */
export const ROUND_STATUSES = ['new', 'starting', 'pending', 'in_progress', 'ended'] as const;
/** One round status: starting = betting window, pending = bets closed, in_progress = playing. */
export type RoundStatus = (typeof ROUND_STATUSES)[number];

/** The socket.io namespace of each round game. */
export const ROUND_NAMESPACES = { crash: '/crash', wheel: '/wheel' } as const;
/** A round game's namespace. */
export type RoundNamespace = (typeof ROUND_NAMESPACES)[keyof typeof ROUND_NAMESPACES];

/** Event names per namespace. */
export const CRASH_EVENTS = { game: 'game', bets: 'bets' } as const;
export const WHEEL_EVENTS = { game: 'wheel:game', bets: 'wheel:bets' } as const;

const status = z.enum(ROUND_STATUSES);
const epochMs = z.number().int().nonnegative();
const dollars = z.number().nonnegative();

/** A player as bet lists show them. */
export const roundUserSchema = z.object({ id: z.number().int(), name: z.string(), avatar_url: z.string().nullable() });

/**
 * /crash `game`: the round now. betting_ends_at only while starting; elapsed (ms since the round
 * began) only in progress; crash_point and hash only once ended — never before (the leak rule).
 */
export const crashGameEventSchema = z.object({
  id: z.number().int(),
  status,
  server_time: epochMs,
  betting_ends_at: epochMs.optional(),
  elapsed: z.number().nonnegative().optional(),
  crash_point: z.number().min(1).optional(),
  hash: z.string().optional(),
  voided: z.literal(true).optional(), // once ended: the round was voided (an outage), every open bet refunded
});

/** /crash `bets`: a bet placed, cashed out, lost or refunded (its round voided). multiplier is null
 * until cashed out; payout is null until settled (the amount when refunded). */
export const crashBetsEventSchema = z.object({
  type: z.enum(['placed', 'cashed_out', 'lost', 'refunded']),
  round_id: z.number().int(),
  bet: z.object({
    id: z.number().int(),
    user: roundUserSchema,
    amount: dollars,
    auto_cashout: z.number().min(1.01).nullable(),
    multiplier: z.number().min(1).nullable(),
    payout: dollars.nullable(),
  }),
});

/** The wheel's colours (grey ×2 on 26 segments, red ×3.05 on 17, blue ×5.2 on 10, gold ×52 on 1). */
export const WHEEL_COLORS = ['grey', 'red', 'blue', 'gold'] as const;
/** One wheel colour. */
export type WheelColor = (typeof WHEEL_COLORS)[number];

/** /wheel `wheel:game`: the round now; elapsed (ms since the spin began) only in progress; segment,
 * color, multiplier and ended_at only once ended — the client lands the wheel on these server times. */
export const wheelGameEventSchema = z.object({
  id: z.number().int(),
  status,
  server_time: epochMs,
  betting_ends_at: epochMs.optional(),
  elapsed: z.number().nonnegative().optional(),
  ended_at: epochMs.optional(),
  segment: z.number().int().min(0).max(53).optional(),
  color: z.enum(WHEEL_COLORS).optional(),
  multiplier: z.number().optional(),
});

/** /wheel `wheel:bets`: a bet placed, canceled, won or lost. payout is null until the round ends. */
export const wheelBetsEventSchema = z.object({
  type: z.enum(['placed', 'canceled', 'won', 'lost']),
  round_id: z.number().int(),
  bet: z.object({
    id: z.number().int(),
    user: roundUserSchema,
    amount: dollars,
    color: z.enum(WHEEL_COLORS),
    payout: dollars.nullable(),
  }),
});

export type RoundUser = z.infer<typeof roundUserSchema>;
export type CrashGameEvent = z.infer<typeof crashGameEventSchema>;
export type CrashBetsEvent = z.infer<typeof crashBetsEventSchema>;
export type WheelGameEvent = z.infer<typeof wheelGameEventSchema>;
export type WheelBetsEvent = z.infer<typeof wheelBetsEventSchema>;

/** What the server emits on /crash (socket.io's typed-events map). */
export interface CrashServerEvents {
  game: (event: CrashGameEvent) => void;
  bets: (event: CrashBetsEvent) => void;
}

/** What the server emits on /wheel. */
export interface WheelServerEvents {
  'wheel:game': (event: WheelGameEvent) => void;
  'wheel:bets': (event: WheelBetsEvent) => void;
}

/** Server events per namespace (clients send nothing over the sockets: bets go through the API). */
export interface RoundServerEvents {
  '/crash': CrashServerEvents;
  '/wheel': WheelServerEvents;
}
