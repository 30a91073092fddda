// Battles API contract (issues 15, 24): list, bots, create, detail, join, leave, cancel, add-bots,
// channel-auth, and the events of the channel `battle-{id}` (a private battle's: `private-battle-{id}`)
// plus the public channel's list event. Money is dollars with 2 decimals.
import { z } from 'zod';
import { RARITIES } from '../games/boxes/boxes.types.ts';

/** Modes: every player for themself (1v1…) or teams (2v2, 3v3). */
export const BATTLE_MODES = ['1v1', '1v1v1', '1v1v1v1', '2v2', '3v3'] as const;
/** A battle mode. */
export type BattleMode = (typeof BATTLE_MODES)[number];
/** Seats and teams of each mode: seats are numbered team by team (2v2: team 0 = seats 0–1, team 1 = 2–3). */
export const MODE_LAYOUT: Record<BattleMode, { seats: number; teams: number }> = {
  '1v1': { seats: 2, teams: 2 },
  '1v1v1': { seats: 3, teams: 3 },
  '1v1v1v1': { seats: 4, teams: 4 },
  '2v2': { seats: 4, teams: 2 },
  '3v3': { seats: 6, teams: 2 },
};
/** Team of a seat: in every-player-for-themself modes a seat is its own team. */
export const seatTeam = (mode: BattleMode, seat: number): number =>
  Math.floor(seat / (MODE_LAYOUT[mode].seats / MODE_LAYOUT[mode].teams));
/** True for 2v2 and 3v3. */
export const isTeamMode = (mode: BattleMode): boolean => MODE_LAYOUT[mode].seats !== MODE_LAYOUT[mode].teams;

/** Boxes per battle (one box = one round). */
export const BATTLE_LIMITS = { minBoxes: 1, maxBoxes: 50 } as const;
/** Statuses of a battle. */
export const BATTLE_STATUSES = ['waiting', 'running', 'ended', 'canceled'] as const;
/** A battle status. */
export type BattleStatus = (typeof BATTLE_STATUSES)[number];

/** The channel of one public battle. */
export const battleChannel = (id: number): string => `battle-${id}`;
/** The channel of one private battle: a Pusher private channel, authorised by POST /api/battles/channel-auth
 * for its players and whoever sends its invite code (404 otherwise). `battle-{id}` never carries it. */
export const privateBattleChannel = (id: number): string => `private-battle-${id}`;
/** The channel a battle's events go to. */
export const battleChannelOf = (b: { id: number; private: boolean }): string =>
  b.private ? privateBattleChannel(b.id) : battleChannel(b.id);
/** A battle still waiting this long after its creation is canceled and every seat refunded (30 min). */
export const BATTLE_WAIT_MS = 30 * 60 * 1000;
/** The creator's invite link of a private battle. */
export const battleInvitePath = (id: number, code: string): string => `/battles/${id}?code=${code}`;
/** Events on `battle-{id}`. */
export const BATTLE_EVENTS = {
  created: 'battleCreated',
  playerJoined: 'playerJoined',
  playerLeft: 'playerLeft',
  started: 'battleStarted',
  roundStarted: 'battleRoundStarted',
  roundEnded: 'battleRoundEnded',
  ended: 'battleEnded',
  canceled: 'battleCanceled',
} as const;
/** The public channel (same as live drops) and the event that keeps /battles lists live. */
export const BATTLES_PUBLIC_CHANNEL = 'public';
export const BATTLE_LIST_EVENT = 'battleListUpdated';

const whole = (msg: string) => z.number({ error: msg }).int(msg);

/** Body of POST /api/battles/create. */
export const createBattleBodySchema = z.object({
  boxes: z
    .array(z.string({ error: 'Choose boxes by their slug.' }).min(1).max(64), { error: 'Choose the boxes to open.' })
    .min(BATTLE_LIMITS.minBoxes, 'Choose at least one box.')
    .max(BATTLE_LIMITS.maxBoxes, `Choose at most ${BATTLE_LIMITS.maxBoxes} boxes.`),
  mode: z.enum(BATTLE_MODES, { error: `The mode must be one of: ${BATTLE_MODES.join(', ')}.` }),
  crazy: z.boolean({ error: 'crazy must be true or false.' }).default(false),
  terminal: z.boolean({ error: 'terminal must be true or false.' }).default(false),
  private: z.boolean({ error: 'private must be true or false.' }).default(false),
});
/** Parsed create body. */
export type CreateBattleBody = z.infer<typeof createBattleBodySchema>;

/** A private battle's invite code as a client sends it (a wrong one answers 404 like no battle). */
export const inviteCodeSchema = z
  .string({ error: 'The invite code must be a string.' })
  .max(64, 'The invite code is not valid.');

/** Query of GET /api/battles/{id}: the invite code opens a private battle. */
export const battleQuerySchema = z.object({ code: inviteCodeSchema.optional() });

/** Body of POST /api/battles/{id}/join (`code`: a private battle's invite code). */
export const joinBattleBodySchema = z.object({
  team_idx: whole('team_idx must be a whole number.').min(0, 'Unknown team.').max(5, 'Unknown team.').optional(),
  code: inviteCodeSchema.optional(),
});

/** Body of POST /api/battles/channel-auth (what pusher-js sends, plus `code` for a private battle). */
export const battleChannelAuthBodySchema = z.object({
  socket_id: z
    .string({ error: 'The socket id is not valid.' })
    .regex(/^\d{1,20}\.\d{1,20}$/, 'The socket id is not valid.'),
  channel_name: z
    .string({ error: 'The channel name is not valid.' })
    .regex(/^private-battle-[1-9]\d{0,15}$/, 'The channel name is not valid.'),
  code: inviteCodeSchema.optional(),
});
/** Answer of POST /api/battles/channel-auth: the signature pusher-js subscribes with. */
export const battleChannelAuthResponseSchema = z.object({ auth: z.string() });
/** Body of POST /api/battles/{id}/add-bots. */
export const addBotsBodySchema = z.object({
  bots: whole('bots must be a whole number.').min(1, 'Add at least one bot.').max(5, 'Add at most 5 bots.'),
  team_idx: whole('team_idx must be a whole number.').min(0, 'Unknown team.').max(5, 'Unknown team.').optional(),
});

/** A box of a battle, with the odds version its rounds use. */
export const battleBoxSchema = z.object({
  slug: z.string(),
  name: z.string(),
  img_url: z.string(),
  price: z.number(), // dollars
  version: z.number().int(),
});
/** A box of a battle. */
export type BattleBox = z.infer<typeof battleBoxSchema>;

/** A seated player. */
export const battleUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  level: z.number().int(),
});
/** A bot (GET /api/battles/bots and seated bots). */
export const battleBotSchema = z.object({ id: z.number().int(), name: z.string(), avatar_url: z.string() });
/** A bot. */
export type BattleBot = z.infer<typeof battleBotSchema>;

/** One drop of a played round. */
export const battleDropSchema = z.object({
  round: z.number().int(), // 0-based
  ticket: z.number().int(), // 1..100,000
  item: z.object({
    id: z.number().int(), // product id
    name: z.string(),
    img_url: z.string(),
    price: z.number(), // dollars
    rarity: z.enum(RARITIES),
  }),
});
/** One drop of a played round. */
export type BattleDrop = z.infer<typeof battleDropSchema>;

/** A seat without its drops (lists and playerJoined). */
export const battleSeatSummarySchema = z.object({
  seat: z.number().int(),
  team: z.number().int(),
  client_seed: z.string().nullable(), // null while empty
  user: battleUserSchema.nullable(),
  bot: battleBotSchema.nullable(),
});
/** A seat without its drops. */
export type BattleSeatSummary = z.infer<typeof battleSeatSummarySchema>;

/** A seat of GET /api/battles/{id}: drops of played rounds only; total = sum of their item prices. */
export const battleSeatSchema = battleSeatSummarySchema.extend({
  drops: z.array(battleDropSchema),
  total: z.number(), // dollars
});
/** A seat with its revealed drops. */
export type BattleSeat = z.infer<typeof battleSeatSchema>;

/** The tie-break, when the decisive totals tied (see battle.outcome.ts for the bytes). */
export const battleTieBreakSchema = z.object({
  candidates: z.array(z.number().int()), // tied seats (FFA) or teams (team modes), ascending
  roll: z.number(), // f0 in [0, 1)
  winner: z.number().int(), // candidates[floor(roll × candidates.length)]
});
/** The tie-break. */
export type BattleTieBreak = z.infer<typeof battleTieBreakSchema>;

/** What a battle's list row and its page share: the set-up and the seat price. */
const battleHeadSchema = z.object({
  id: z.number().int(),
  status: z.enum(BATTLE_STATUSES),
  mode: z.enum(BATTLE_MODES),
  crazy: z.boolean(),
  terminal: z.boolean(),
  private: z.boolean(),
  boxes: z.array(battleBoxSchema),
  cost: z.number(), // dollars per seat
});

/** A battle in GET /api/battles. */
export const battleSummarySchema = battleHeadSchema.extend({
  seats: z.array(battleSeatSummarySchema),
  seats_filled: z.number().int(),
  seats_total: z.number().int(),
  round: z.number().int(), // index of the latest played round, -1 before the first
  winners: z.array(z.number().int()).nullable(),
  created_at: z.string(), // ISO 8601
});
/** A battle in lists. */
export type BattleSummary = z.infer<typeof battleSummarySchema>;

/** GET /api/battles. */
export const battleListResponseSchema = z.object({ data: z.array(battleSummarySchema) });
/** GET /api/battles/bots. */
export const battleBotsResponseSchema = z.object({ data: z.array(battleBotSchema) });
/** POST /api/battles/create. */
export const createBattleResponseSchema = z.object({
  data: z.object({
    id: z.number().int(),
    invite_code: z.string().nullable(), // private battles: ≥ 16 url-safe random characters; else null
    invite_link: z.string().nullable(), // private battles: /battles/{id}?code={invite_code}; else null
  }),
  msg: z.string(),
  balance: z.number(),
});
/** POST /api/battles/create's answer. */
export type CreateBattleResponse = z.infer<typeof createBattleResponseSchema>;
/** POST join, leave and add-bots. */
export const battleMoneyResponseSchema = z.object({ msg: z.string(), balance: z.number() });
/** POST cancel. */
export const battleMsgResponseSchema = z.object({ msg: z.string() });

/** GET /api/battles/{id} data. */
export const battleSchema = battleHeadSchema.extend({
  seats: z.array(battleSeatSchema),
  round: z.number().int(), // index of the latest played round, -1 before the first
  server_seed_hash: z.string(),
  boxes_hash: z.string(), // SHA-256 hex of the box list with odds versions (battleBoxesHash)
  public_seed: z.string().nullable(), // set when the last seat fills
  server_seed: z.string().nullable(), // ended only
  winners: z.array(z.number().int()).nullable(), // winning seats, ended only
  tie_break: battleTieBreakSchema.nullable(), // ended only, when a tie was broken
  invite_code: z.string().nullable(), // private battles, for their players and whoever sent the code
  expires_at: z.string().nullable(), // waiting only: then canceled and refunded (created_at + BATTLE_WAIT_MS)
  created_at: z.string(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
});
/** A battle. */
export type Battle = z.infer<typeof battleSchema>;
/** GET /api/battles/{id}. */
export const battleResponseSchema = z.object({ data: battleSchema });

/** battleCreated and battleCanceled on `battle-{id}`. */
export const battleCreatedEventSchema = z.object({ battle: battleSummarySchema });
/** battleCanceled: by its creator (`canceled`) or after BATTLE_WAIT_MS unfilled (`expired`). */
export const battleCanceledEventSchema = z.object({
  id: z.number().int(),
  reason: z.enum(['canceled', 'expired']),
});
/** playerJoined: the newly filled seats (add-bots may fill several at once). */
export const playerJoinedEventSchema = z.object({
  id: z.number().int(),
  seats: z.array(battleSeatSummarySchema),
  seats_filled: z.number().int(),
  seats_total: z.number().int(),
});
/** playerLeft: a joiner gave up their seat of a waiting battle (refunded); the seat is open again. */
export const playerLeftEventSchema = z.object({
  id: z.number().int(),
  seat: z.number().int(),
  user_id: z.number().int(), // who left (a later occupant of the seat is not cleared by a late event)
  seats_filled: z.number().int(),
  seats_total: z.number().int(),
});
/** battleStarted: the public seed is fixed; every seat's client seed is known. */
export const battleStartedEventSchema = z.object({
  id: z.number().int(),
  public_seed: z.string(),
  seats: z.array(battleSeatSummarySchema),
  started_at: z.string(),
  round_ms: z.number().int(), // the server's pace between rounds
});
/** battleRoundStarted: that round's drop for every seat (index = seat). */
export const battleRoundStartedEventSchema = z.object({
  id: z.number().int(),
  round: z.number().int(),
  drops: z.array(battleDropSchema.extend({ seat: z.number().int() })),
});
/** battleRoundEnded: running totals after the round (index = seat), dollars. */
export const battleRoundEndedEventSchema = z.object({
  id: z.number().int(),
  round: z.number().int(),
  totals: z.array(z.number()),
});
/** battleEnded: winners, totals (index = seat), the revealed server seed. */
export const battleEndedEventSchema = z.object({
  id: z.number().int(),
  winners: z.array(z.number().int()),
  totals: z.array(z.number()),
  server_seed: z.string(),
  tie_break: battleTieBreakSchema.nullable(),
});
/** The public list event: the battle as lists show it (private battles are never sent); canceled → drop it. */
export const battleListEventSchema = z.object({ battle: battleSummarySchema });

export type BattleCreatedEvent = z.infer<typeof battleCreatedEventSchema>;
export type BattleCanceledEvent = z.infer<typeof battleCanceledEventSchema>;
export type PlayerJoinedEvent = z.infer<typeof playerJoinedEventSchema>;
export type PlayerLeftEvent = z.infer<typeof playerLeftEventSchema>;
export type BattleStartedEvent = z.infer<typeof battleStartedEventSchema>;
export type BattleRoundStartedEvent = z.infer<typeof battleRoundStartedEventSchema>;
export type BattleRoundEndedEvent = z.infer<typeof battleRoundEndedEventSchema>;
export type BattleEndedEvent = z.infer<typeof battleEndedEventSchema>;
export type BattleListEvent = z.infer<typeof battleListEventSchema>;
