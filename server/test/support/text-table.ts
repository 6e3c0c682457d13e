// The plain-text tables the corpus reports print (speech-report.ts, biographer-report.ts): columns
// padded to their widest cell, the last one left free, and titled lists of items under them.

/**
 * Lines of a table: `numeric(column)` columns are right-aligned, the others left-aligned; the last
 * column is not padded (its cells may be long).
 */
export function textTable(rows: string[][], numeric: (column: number) => boolean): string[] {
  const last = rows[0]!.length - 1;
  const widths = rows[0]!.map((_, column) =>
    column === last ? 0 : Math.max(...rows.map((row) => row[column]!.length)),
  );
  return rows.map((row) =>
    row
      .map((cell, column) =>
        column === last
          ? cell
          : numeric(column)
            ? cell.padStart(widths[column]!)
            : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd(),
  );
}

/** A titled list under a table: « Title (n): » then its items, or « none ». */
export function textSection(title: string, items: string[]): string[] {
  return [
    '',
    `${title} (${items.length}):`,
    ...(items.length ? items.map((item) => `  ${item}`) : ['  none']),
  ];
}
