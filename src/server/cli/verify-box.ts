// `verify box … --box <slug> --box-version <v>`: the item a ticket lands on in that version of
// the box, read from the configured database (the same config as the server).
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { rangeIndexForTicket } from '../../shared/games/boxes/boxes.odds.ts';
import { findVersionItems } from '../modules/boxes/boxes.repository.ts';
import { findBoxVersion } from '../modules/openings/openings.repository.ts';

/** What a box ticket won: the item slug and its range in that version; throws when unknown. */
export async function boxItemForTicket(
  env: NodeJS.ProcessEnv,
  slug: string,
  versionText: string | undefined,
  ticket: number,
) {
  if (!versionText || !/^\d{1,9}$/.test(versionText)) throw new Error('--box-version must be a positive integer');
  const database = openDatabase(loadConfig(env).database);
  try {
    const version = await findBoxVersion(database.db, slug, Number(versionText));
    if (!version) throw new Error(`box ${JSON.stringify(slug)} has no version ${versionText}`);
    const items = await findVersionItems(database.db, version.version_id);
    const index = rangeIndexForTicket(
      items.map((i) => ({ from: i.ticket_from, to: i.ticket_to })),
      ticket,
    );
    if (index < 0) throw new Error(`ticket ${ticket} is outside every range of ${slug} v${versionText}`);
    const it = items[index]!;
    return {
      box: slug,
      version: Number(versionText),
      item: it.slug,
      ticket_from: it.ticket_from,
      ticket_to: it.ticket_to,
    };
  } finally {
    await database.close();
  }
}
