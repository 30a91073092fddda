// A box as an opening needs it: the box with its current version, and that version's items.
// Versions are immutable and products never change, so a version's items are read once per
// database and kept. The box row (which version is current) is read from the database by
// `loadBox` (on SQLite from the read connection, so it does not queue behind the writer's group
// commit); a paid opening takes it from `openableBox`, which keeps it per slug (a CatalogCache
// without expiry) until a version is published in this process: the opening's transaction checks
// that the box is still at that version (box.plan.ts `updates`), and a version published meanwhile
// on another instance makes the opening forget the kept box (`forgetOpenableBox`), load it again and
// try again. A box changes only by publishing a version (its price is the version's); its creator's
// earnings are not read.
import type { Database, DB } from '../../db/database.ts';
import { sqliteHandle } from '../../db/hot/sqlite-handle.ts';
import { readerStatements } from '../../db/hot/statements.ts';
import { HttpError } from '../../http/errors.ts';
import { findBoxBySlug, findVersionItems } from '../boxes/boxes.repository.ts';
import { CatalogCache } from '../boxes/catalog-cache.ts';

type BoxRow = Omit<NonNullable<Awaited<ReturnType<typeof findBoxBySlug>>>, 'openings'>; // an opening does not show it
export type VersionItems = Awaited<ReturnType<typeof findVersionItems>>;

/** A box as an opening needs it (from `loadBox`). */
export interface LoadedBox {
  box: BoxRow;
  items: VersionItems;
}

const MAX_VERSIONS = 2_000; // kept versions per database; beyond this the cache starts afresh
const versionCache = new WeakMap<DB, Map<number, Promise<VersionItems>>>();

/** The items of a box version, read once per database (versions are immutable). */
function versionItems(db: DB, versionId: number): Promise<VersionItems> {
  let cache = versionCache.get(db);
  if (!cache) versionCache.set(db, (cache = new Map()));
  let items = cache.get(versionId);
  if (!items) {
    if (cache.size >= MAX_VERSIONS) cache.clear();
    items = findVersionItems(db, versionId);
    cache.set(versionId, items);
    items.catch(() => cache.delete(versionId));
  }
  return items;
}

/** The box `slug` with its current version, or undefined (the read connection on SQLite). */
async function boxBySlug(db: DB, slug: string): Promise<BoxRow | undefined> {
  const reader = sqliteHandle(db)?.pointReader();
  if (reader) return readerStatements(reader).boxBySlug.get(slug) as BoxRow | undefined;
  return findBoxBySlug(db, slug);
}

/** The box `slug` and its current version's items; 404 / 409 when it cannot be opened. */
export async function loadBox(database: Database, slug: string): Promise<LoadedBox> {
  const box = await boxBySlug(database.db, slug);
  if (!box) throw new HttpError(404, 'Box not found.');
  const items = await versionItems(database.db, box.version_id);
  if (!items.length) throw new HttpError(409, 'This box has no items.');
  return { box, items };
}

const MAX_OPENABLE = 2_000; // kept boxes per database; beyond this the cache starts afresh
const openable = new WeakMap<DB, CatalogCache>();

/** `loadBox` of an opening: the box as loaded in this process while no version was published here
 * since (see the file comment). */
export function openableBox(database: Database, slug: string): Promise<LoadedBox> {
  let boxes = openable.get(database.db);
  if (!boxes) openable.set(database.db, (boxes = new CatalogCache(Number.POSITIVE_INFINITY, MAX_OPENABLE)));
  return boxes.get(slug, Date.now(), () => loadBox(database, slug));
}

/** Forgets the box kept for `slug`: its opening found another version current. */
export function forgetOpenableBox(database: Database, slug: string): void {
  openable.get(database.db)?.forget(slug);
}
