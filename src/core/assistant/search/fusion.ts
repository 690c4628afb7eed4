/** Reciprocal-rank fusion: several ranked id lists become one; a page high in many lists wins. */
export function fuseByReciprocalRank(lists: readonly (readonly string[])[], k: number): { id: string; score: number }[] {
  const scores = new Map<string, number>();
  for (const list of lists) {
    list.forEach((id, rank) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + rank + 1)));
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}
