/** Spec 2.4 and 9: the bag icon's count, "99+" above 99; nothing at all for an empty bag. */
export function bagCountLabel(count: number): string | null {
  if (count <= 0) return null
  return count > 99 ? '99+' : String(count)
}
