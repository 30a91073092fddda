// Recognises a UNIQUE constraint violation from either database driver.

/** True for a UNIQUE constraint violation on either dialect. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return err.code === '23505' || err.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint/.test(err.message ?? '');
}
