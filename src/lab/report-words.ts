/**
 * The report's findings in plain words, from figures with their 95%
 * intervals: "The first player wins 54.1% ± 0.9% of Hyrule hands under
 * "Strategy"; under "Chance" there is no measurable edge (50.2% ± 1.0%)."
 */

/** A figure with its 95% interval. */
export interface Figure {
  readonly value: number;
  readonly lo: number;
  readonly hi: number;
}

/** A share with one decimal: 0.5412 -> "54.1%". */
export const percent = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** A count or mean, to a precision its size asks for: 143.2, 3.41, 0.274. */
export function amount(x: number): string {
  const a = Math.abs(x);
  const digits = a >= 100 ? 1 : a >= 1 ? 2 : 3;
  return Number(x.toFixed(digits)).toLocaleString("en", { maximumFractionDigits: digits });
}

/** A figure as "54.1% ± 0.9%" (half the 95% interval's width). */
export function plusMinus(f: Figure, format: (x: number) => string = percent): string {
  return `${format(f.value)} ± ${format((f.hi - f.lo) / 2)}`;
}

/**
 * An amount with its interval, to the precision the interval allows (two
 * figures of the half-width): "95 ± 16", "2.15 ± 0.25", "14 ± 0".
 */
export function amountPlusMinus(f: Figure): string {
  const half = (f.hi - f.lo) / 2;
  const digits =
    half > 0 && Number.isFinite(half) ? Math.min(4, Math.max(0, 1 - Math.floor(Math.log10(half)))) : 0;
  const show = (x: number) =>
    Number(x.toFixed(digits)).toLocaleString("en", {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  return half > 0 && Number.isFinite(half) ? `${show(f.value)} ± ${show(half)}` : `${amount(f.value)} ± 0`;
}

/** A difference with its sign: "+2.1 points", "−0.4". */
export function signed(x: number, format: (x: number) => string): string {
  return `${x > 0 ? "+" : x < 0 ? "−" : "±"}${format(Math.abs(x))}`;
}

/** Whether the interval leaves out `fair`: an edge the run has measured. */
export const hasEdge = (f: Figure, fair: number): boolean => f.lo > fair || f.hi < fair;

export interface VariantFigure {
  /** How the variant reads after the figure ("under "Strategy""), or "" for the only one. */
  readonly phrase: string;
  readonly figure: Figure;
}

/**
 * One sentence over the variants: who (`the first player`) wins what share
 * of what (`Hyrule hands`) in each variant, or that there is no measurable
 * edge beyond `fair` there.
 */
export function edgeSentence(
  who: string,
  what: string,
  fair: number,
  variants: readonly VariantFigure[],
): string {
  const parts = variants.map(({ phrase, figure }, i) => {
    const where = phrase ? ` ${phrase}` : "";
    if (i === 0)
      return hasEdge(figure, fair)
        ? `${who} wins ${plusMinus(figure)} of ${what}${where}`
        : `${who} has no measurable edge in ${what}${where} (${plusMinus(figure)}; a fair share is ${percent(fair)})`;
    return hasEdge(figure, fair)
      ? `${phrase} ${plusMinus(figure)}`
      : `${phrase} there is no measurable edge (${plusMinus(figure)})`;
  });
  return sentence(parts.join("; "));
}

/** A sentence: a capital first, a full stop last. */
export function sentence(s: string): string {
  const t = s.charAt(0).toUpperCase() + s.slice(1);
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/** A rule counter's key in words: "king_of_spades" -> "king of spades". */
export const keyWords = (key: string): string => key.replace(/_/g, " ");
