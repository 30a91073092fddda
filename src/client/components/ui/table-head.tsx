// The head row of the site's data tables (leaderboard, bet history, cookie list).

/** A `<thead>` of one row of column headers. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c} scope="col">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}
