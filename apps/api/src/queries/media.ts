import { epcs, floorPlans, properties, propertyMedias, type Db } from '@agency/db'
import { eq } from 'drizzle-orm'
import type { MediaRef } from '#app/media/media-ref.ts'

/** The files behind a media id and whether its property is locked. */
export interface MediaSource {
  file: string
  pdfFile: string | null
  isLocked: boolean
}

/** Looks a media id up; null when there is no such media. */
export async function getMediaSource(db: Db, ref: MediaRef): Promise<MediaSource | null> {
  switch (ref.kind) {
    case 'property_media': {
      const [row] = await db
        .select({ file: propertyMedias.file, isLocked: properties.is_locked })
        .from(propertyMedias)
        .innerJoin(properties, eq(properties.property_profile_id, propertyMedias.property_profile_id))
        .where(eq(propertyMedias.property_profile_media_id, ref.id))
      return row ? { ...row, pdfFile: null } : null
    }
    case 'floor_plan': {
      const [row] = await db
        .select({ file: floorPlans.file, isLocked: properties.is_locked })
        .from(floorPlans)
        .innerJoin(properties, eq(properties.property_profile_id, floorPlans.property_profile_id))
        .where(eq(floorPlans.floor_plan_id, ref.id))
      return row ? { ...row, pdfFile: null } : null
    }
    case 'epc': {
      const [row] = await db
        .select({ file: epcs.file, pdfFile: epcs.pdf_file, isLocked: properties.is_locked })
        .from(epcs)
        .innerJoin(properties, eq(properties.property_profile_id, epcs.property_profile_id))
        .where(eq(epcs.epc_id, ref.id))
      return row ?? null
    }
  }
}
