/**
 * A rent per calendar month as a weekly figure: pcm × 12 ÷ 52, rounded to the pound (the convention
 * UK letting agents and portals use).
 */
export function toWeeklyRent(pcm: number): number {
  return Math.round((pcm * 12) / 52)
}
