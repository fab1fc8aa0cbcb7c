/** The noun for a count: "line" for 1, "lines" for anything else (0 lines, 2 lines). */
export function plural(n: number, noun: string, nounPlural = `${noun}s`): string {
  return n === 1 ? noun : nounPlural;
}

/** A count and its noun: "1 line", "3 lines". */
export function countOf(n: number, noun: string, nounPlural?: string): string {
  return `${n} ${plural(n, noun, nounPlural)}`;
}
