import { epcs, floorPlans, properties, propertyDocuments, propertyMedias, type Db } from '@agency/db'
import { asc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'

/** The files behind a media key, and what decides who may see them. */
export interface MediaSource {
  file: string
  pdfFile: string | null
  isLocked: boolean
  /**
   * Whether this is its property's card picture: the first photo in gallery order, else the first
   * poster (as `cardPicture` in the property presenter chooses it). The only media of a locked
   * property a visitor may see, and only blurred.
   */
  isCardPicture: boolean
  /** A document (a brochure): a PDF only, with no picture. */
  isDocument?: boolean
}

/** Looks a media key up in the photos, floor plans, EPCs and documents; null when no media has it. */
export async function getMediaSource(db: Db, mediaKey: string): Promise<MediaSource | null> {
  const card = alias(propertyMedias, 'card')
  const cardKey = db
    .select({ key: card.media_key })
    .from(card)
    .where(eq(card.property_profile_id, propertyMedias.property_profile_id))
    .orderBy(sql`${card.kind} <> 'photo'`, asc(card.position), asc(card.property_profile_media_id))
    .limit(1)
  const [media] = await db
    .select({ file: propertyMedias.file, isLocked: properties.is_locked, isCardPicture: sql<boolean>`${propertyMedias.media_key} = (${cardKey})` })
    .from(propertyMedias)
    .innerJoin(properties, eq(properties.property_profile_id, propertyMedias.property_profile_id))
    .where(eq(propertyMedias.media_key, mediaKey))
  if (media) return { ...media, pdfFile: null }

  const [plan] = await db
    .select({ file: floorPlans.file, isLocked: properties.is_locked })
    .from(floorPlans)
    .innerJoin(properties, eq(properties.property_profile_id, floorPlans.property_profile_id))
    .where(eq(floorPlans.media_key, mediaKey))
  if (plan) return { ...plan, pdfFile: null, isCardPicture: false }

  const [certificate] = await db
    .select({ file: epcs.file, pdfFile: epcs.pdf_file, isLocked: properties.is_locked })
    .from(epcs)
    .innerJoin(properties, eq(properties.property_profile_id, epcs.property_profile_id))
    .where(eq(epcs.media_key, mediaKey))
  if (certificate) return { ...certificate, isCardPicture: false }

  const [document] = await db
    .select({ file: propertyDocuments.file, isLocked: properties.is_locked })
    .from(propertyDocuments)
    .innerJoin(properties, eq(properties.property_profile_id, propertyDocuments.property_profile_id))
    .where(eq(propertyDocuments.media_key, mediaKey))
  return document ? { file: document.file, pdfFile: document.file, isLocked: document.isLocked, isCardPicture: false, isDocument: true } : null
}
