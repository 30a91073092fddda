// Operator CLI: `npm run admin -- <command> …` against the configured database (same config as
// the server). Money moves go through the ledger; each writes an outbox row so running servers
// publish balanceUpdated (they poll the outbox every second). `npm run admin -- help` lists commands.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { Config } from '../config.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase, type DB } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { seedWallet } from '../modules/wallet/wallet.seed.ts';
import { HttpError } from '../http/errors.ts';
import { applyMove } from '../modules/wallet/ledger.ts';
import { enqueueBalance } from '../modules/wallet/outbox.ts';
import { createPromo } from '../modules/wallet/promo.service.ts';
import { createGiftCodes, createVoucher } from '../modules/wallet/codes.service.ts';
import { listWithdrawals, moveWithdrawal, publicWithdrawal } from '../modules/wallet/withdrawals.service.ts';
import { reversePayment } from '../modules/wallet/payments.service.ts';
import { confirmTransfer, refreshRates, sandboxRates, sendTransfer } from '../modules/wallet/crypto.service.ts';
import { toCents, formatUsd } from '../../shared/money.ts';
import { moveShipment } from '../modules/delivery/delivery.service.ts';
import { SHIPMENT_STATUSES, type ShipmentStatus } from '../../shared/api/delivery.ts';
import { SUPPORT_USAGE, runSupportAdmin } from './admin-support.ts';
import { CHAT_USAGE, runChatAdmin } from './admin-chat.ts';
import { ledgerCheck } from '../ops/ledger-check.cli.ts';

/** The commands, as `help` prints them. */
export const USAGE = `Usage: npm run admin -- <command> [arguments] [--flags]
  credit <user> <dollars> --reason <text> [--key <idempotency key>]   add to a balance (user: id or email)
  debit <user> <dollars> --reason <text> [--key <idempotency key>]    take from a balance (never below 0)
  promo:create <code> (--percent <1-100> | --fixed <dollars>) [--max-uses <n>] [--expires <ISO date>] [--free-box]
  voucher:create <code> <dollars> [--max-uses <n>] [--expires <ISO date>]
  gift:create <dollars> [--count <n>]                                 dollars: 10, 50, 100, 250, 500 or 1000
  withdrawals [--status <status>]                                     list (newest first)
  withdrawal:move <id> <in_processing|done|canceled>                  canceled refunds the player
  crypto:send <address> <amount> [--confirm <n>]                      sandbox chain transfer (+ confirmations)
  crypto:confirm <tx hash> [count]                                    add confirmations (default 1)
  payment:reverse <payment id>                                        chargeback: take back amount + bonus
  rates:refresh                                                       store the sandbox rates again
  shipment:move <id> <processing|shipped|delivered|canceled> [--tracking <number>]   shipped needs a tracking number
  ledger-check                                                        the full money self-check (exit 1 on a violation)
${SUPPORT_USAGE}
${CHAT_USAGE}`;

/** A usage mistake: printed with the usage, exit code 2. */
export class UsageError extends Error {}

function parseArgs(argv: string[]): { positional: string[]; flags: Map<string, string> } {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) positional.push(a);
    else if (a === '--free-box') flags.set('free-box', '1');
    else {
      const v = argv[i + 1];
      if (v === undefined) throw new UsageError(`${a} needs a value`);
      flags.set(a.slice(2), v);
      i++;
    }
  }
  return { positional, flags };
}

function dollars(text: string | undefined, what = 'amount'): number {
  const n = text === undefined || text.trim() === '' ? NaN : Number(text);
  try {
    const cents = toCents(n);
    if (cents <= 0) throw new RangeError('must be positive');
    return cents;
  } catch {
    throw new UsageError(
      `${what} must be a positive number of dollars with at most 2 decimals, got ${JSON.stringify(text)}`,
    );
  }
}

function int(text: string | undefined, what: string): number {
  if (text === undefined || !/^\d{1,9}$/.test(text) || Number(text) < 1)
    throw new UsageError(`${what} must be a positive integer`);
  return Number(text);
}

function date(text: string | undefined): number | null {
  if (text === undefined) return null;
  const t = Date.parse(text);
  if (Number.isNaN(t)) throw new UsageError(`--expires must be an ISO date, got ${JSON.stringify(text)}`);
  return t;
}

async function findUser(db: DB, who: string | undefined): Promise<{ id: number; email: string }> {
  if (!who) throw new UsageError('a user (id or email) is required');
  const q = db.selectFrom('users').select(['id', 'email']);
  const user = /^\d+$/.test(who)
    ? await q.where('id', '=', Number(who)).executeTakeFirst()
    : await q.where('email', '=', who.trim().toLowerCase()).executeTakeFirst();
  if (!user) throw new HttpError(404, `No user ${who}.`);
  return user;
}

/** Runs one admin command on `db`; returns the lines it prints. */
export async function runAdmin(db: DB, argv: string[], now: number): Promise<string[]> {
  const [command, ...rest] = argv;
  const { positional: p, flags } = parseArgs(rest);
  switch (command) {
    case 'credit':
    case 'debit': {
      const user = await findUser(db, p[0]);
      const cents = dollars(p[1]);
      const reason = flags.get('reason')?.trim();
      if (!reason) throw new UsageError('--reason is required');
      const move = await applyMove(db, {
        userId: user.id,
        deltaCents: command === 'credit' ? cents : -cents,
        kind: 'admin',
        reference: `admin:${reason}`.slice(0, 128),
        idempotencyKey: flags.get('key') ?? `admin:${randomUUID()}`,
        now,
      });
      if (!move.replayed) await enqueueBalance(db, user.id, now);
      return [
        `${move.replayed ? 'Already applied' : command === 'credit' ? 'Credited' : 'Debited'} ${formatUsd(cents)} ${command === 'credit' ? 'to' : 'from'} ${user.email} (#${user.id}); balance ${formatUsd(move.balanceAfterCents)}; ledger #${move.ledgerId}`,
      ];
    }
    case 'promo:create': {
      if (!p[0]) throw new UsageError('a code is required');
      const percent = flags.get('percent');
      const fixed = flags.get('fixed');
      if ((percent === undefined) === (fixed === undefined))
        throw new UsageError('give exactly one of --percent or --fixed');
      const value = percent !== undefined ? int(percent, '--percent') : dollars(fixed, '--fixed');
      const maxUses = flags.has('max-uses') ? int(flags.get('max-uses'), '--max-uses') : null;
      const promo = await createPromo(
        db,
        {
          code: p[0],
          value,
          isFixed: fixed !== undefined,
          freeBox: flags.has('free-box'),
          maxUses,
          expiresAt: date(flags.get('expires')),
        },
        now,
      );
      return [
        `Promo ${promo.code}: ${promo.is_fixed_value ? formatUsd(promo.value) : `${promo.value}%`}${promo.free_box ? ' + free box' : ''}, uses ${promo.uses}/${promo.max_uses ?? '∞'}${promo.expires_at ? `, expires ${new Date(promo.expires_at).toISOString()}` : ''}`,
      ];
    }
    case 'voucher:create': {
      if (!p[0]) throw new UsageError('a code is required');
      const maxUses = flags.has('max-uses') ? int(flags.get('max-uses'), '--max-uses') : null;
      const v = await createVoucher(
        db,
        { code: p[0], valueCents: dollars(p[1]), maxUses, expiresAt: date(flags.get('expires')) },
        now,
      );
      return [`Voucher ${v.code} (#${v.id}) created`];
    }
    case 'gift:create': {
      const count = flags.has('count') ? int(flags.get('count'), '--count') : 1;
      return createGiftCodes(db, dollars(p[0]), count, now);
    }
    case 'withdrawals': {
      const rows = await listWithdrawals(db, { status: flags.get('status') });
      return rows.map((w) => {
        const v = publicWithdrawal(w);
        return `#${v.id} user ${w.user_id} ${v.status.padEnd(16)} ${formatUsd(w.amount_cents)} (fee ${formatUsd(w.fee_cents)}) ${v.method} ${v.address} ${v.created_at}`;
      });
    }
    case 'withdrawal:move': {
      const r = await moveWithdrawal(db, int(p[0], 'id'), p[1] ?? '', now);
      if (r.balanceCents !== null) await enqueueBalance(db, r.withdrawal.user_id, now);
      return [
        `Withdrawal #${r.withdrawal.id} is ${r.withdrawal.status}${r.balanceCents !== null ? `; refunded, balance ${formatUsd(r.balanceCents)}` : ''}`,
      ];
    }
    case 'crypto:send': {
      if (!p[0] || !p[1]) throw new UsageError('crypto:send <address> <amount>');
      const sent = await sendTransfer(db, { address: p[0], amount: p[1] }, now);
      const lines = [`Sent ${sent.amount} ${sent.currency} to ${sent.address}: tx ${sent.tx_hash}`];
      if (flags.has('confirm'))
        lines.push(...(await runAdmin(db, ['crypto:confirm', sent.tx_hash, flags.get('confirm')!], now)));
      return lines;
    }
    case 'crypto:confirm': {
      if (!p[0]) throw new UsageError('a transaction hash is required');
      const t = await confirmTransfer(db, p[0], p[1] === undefined ? 1 : int(p[1], 'count'), now);
      if (t.balance_cents !== null) await enqueueBalance(db, t.user_id, now);
      return [
        `tx ${t.tx_hash}: ${t.confirmations} confirmations, ${t.status}${t.credited_cents !== null ? `; credited ${formatUsd(t.credited_cents)}, balance ${formatUsd(t.balance_cents!)}` : ''}${t.held_cents ? `; held ${formatUsd(t.held_cents)} (deposit limit or self-exclusion)` : ''}`,
      ];
    }
    case 'payment:reverse': {
      const r = await reversePayment(db, int(p[0], 'payment id'), now);
      await enqueueBalance(db, r.payment.user_id, now);
      return [
        `Payment #${r.payment.id} reversed: took back ${formatUsd(r.payment.amount_cents + r.payment.bonus_cents)}; balance ${formatUsd(r.balanceCents)}`,
      ];
    }
    case 'shipment:move': {
      const status = p[1] as ShipmentStatus;
      if (!SHIPMENT_STATUSES.includes(status) || status === 'new')
        throw new UsageError('status must be processing, shipped, delivered or canceled');
      const s = await moveShipment(db, int(p[0], 'id'), status, flags.get('tracking'), now);
      return [`Shipment #${s.id} is ${s.status}${s.tracking_number ? ` (tracking ${s.tracking_number})` : ''}`];
    }
    case 'rates:refresh':
      return [`Stored ${await refreshRates(db, sandboxRates, now)} rates`];
    case 'ticket:list':
    case 'ticket:show':
    case 'ticket:reply':
    case 'ticket:close':
      return runSupportAdmin(
        db,
        command,
        {
          id: () => int(p[0], 'id'),
          text: p.slice(1).join(' ') || undefined,
          status: flags.get('status'),
          usage: (m) => new UsageError(m),
        },
        now,
      );
    case 'chat:mute':
    case 'chat:unmute':
    case 'chat:delete':
    case 'chat:list':
      return runChatAdmin(db, command, { p, flags, int, usage: (m) => new UsageError(m) }, now);
    case 'ledger-check':
      return ledgerCheck(db, now);
    case 'help':
    case undefined:
      return [USAGE];
    default:
      throw new UsageError(`unknown command ${command}`);
  }
}

/** Where the CLI writes: the process's streams, or a test's buffers. */
export interface AdminOutput {
  out: (text: string) => void;
  err: (text: string) => void;
}

const processOutput: AdminOutput = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** Runs the CLI in this process with the configured database; returns the exit code. */
export async function main(
  argv: string[],
  config: Config = loadConfig(),
  io: AdminOutput = processOutput,
): Promise<number> {
  const database = openDatabase(config.database);
  try {
    await migrate(database);
    await seedWallet(database.db, Date.now()); // idempotent: promo codes and rates exist
    for (const line of await runAdmin(database.db, argv, Date.now())) io.out(`${line}\n`);
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`${e.message}\n\n${USAGE}\n`);
      return 2;
    }
    if (e instanceof HttpError) {
      io.err(`${e.message}\n`);
      return 1;
    }
    throw e;
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    process.stderr.write(`${e instanceof ConfigError ? e.message : String(e)}\n`);
    process.exit(78);
  }
  main(process.argv.slice(2), config).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`admin failed: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(1);
    },
  );
}
