/**
 * A suite's figures for the CI log (requests tried, failures): printed whether the suite passes or not, beside
 * vitest's own lines (console is kept for debugging in server code).
 */
export const report = (line: string) => {
  process.stdout.write(`${line}\n`);
};
