/**
 * A choice typed in the room: a number from the list, or a name as the
 * player says it ("Crazy Eights", "crazy-eights", "crazy", "Hard").
 */

/** A name folded: lower case, no spaces, hyphens or underscores ("Crazy Eights" is "crazyeights"). */
const fold = (text: string): string => text.toLowerCase().replace(/[\s_-]+/g, "");

/**
 * The 1-based number of the entry the player typed: its number, one of its
 * names, or the beginning (two letters or more) of exactly one entry's name.
 * Null when the text names no entry or several.
 */
export function readChoice(text: string, names: readonly (readonly string[])[]): number | null {
  const t = text.trim();
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    return n >= 1 && n <= names.length ? n : null;
  }
  const typed = fold(t);
  if (!typed) return null;
  const exact = names.findIndex((ns) => ns.some((n) => fold(n) === typed));
  if (exact >= 0) return exact + 1;
  if (typed.length < 2) return null;
  const starts = names.flatMap((ns, i) => (ns.some((n) => fold(n).startsWith(typed)) ? [i + 1] : []));
  return starts.length === 1 ? starts[0] : null;
}
