import type { Schema } from '@/lib/api/client'

/** A product's or bundle's pictures; the single `image` stands in when there is no list. */
export function picturesOf(item: { media_urls: Schema<'Media'>[]; image?: string }): Schema<'Media'>[] {
  if (item.media_urls.length > 0) return item.media_urls
  // Absent optional fields may arrive as null as well as omitted (docs/api.md).
  return item.image ? [{ url: item.image, thumbnail: item.image }] : []
}
