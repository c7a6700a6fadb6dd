/**
 * A pure function of a string, remembered for its recent arguments: for work that requests repeat on the
 * same few inputs (a site's header html on every page load, a user's phone number on every phone check).
 * Bounded: when `max` answers are kept the memory starts again, so a stream of new inputs costs nothing.
 */
export function rememberRecent<T>(compute: (key: string) => T, max: number): (key: string) => T {
  const answers = new Map<string, T>();
  return (key) => {
    if (answers.has(key)) return answers.get(key)!;
    const answer = compute(key);
    if (answers.size >= max) answers.clear();
    answers.set(key, answer);
    return answer;
  };
}
