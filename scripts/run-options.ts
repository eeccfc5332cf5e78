/** The long reliability runs' options (scripts/reliability-*.ts): whole numbers, and a time budget. */

/** A reader of `--name N` options from this process's arguments, for the command `tool`. */
export function wholeOptions(tool: string): (name: string, fallback: number) => number {
  const args = process.argv.slice(2);
  return (name, fallback) => {
    const i = args.indexOf(name);
    if (i < 0) return fallback;
    const n = Number(args[i + 1]);
    if (!Number.isSafeInteger(n) || n < 0) {
      console.error(`${tool}: ${name} must be a whole number, got ${args[i + 1] ?? "nothing"}`);
      process.exit(2);
    }
    return n;
  };
}

/** True once `minutes` (0: no budget) have passed since now: no new work starts after that. */
export function budget(minutes: number): () => boolean {
  const started = Date.now();
  return () => minutes > 0 && Date.now() - started > minutes * 60_000;
}
