/**
 * The answers of the lead routes (API.md 'Leads', POST /potential_viewings), shared by the API's
 * response schemas and the client's parsing.
 */
import { z } from 'zod'

/**
 * POST leads/enquiry's answer (SPEC §7: it carries contact.contact_id). `lead_id` is a random UUID,
 * so it says nothing about other leads.
 */
export const LeadEnquiryAnswerSchema = z.object({
  lead_id: z.string(),
  contact: z.object({ contact_id: z.number().int() }),
})
/** What POST leads/enquiry answers in `data`. */
export type LeadEnquiryAnswer = z.infer<typeof LeadEnquiryAnswerSchema>

/** POST potential_viewings' answer: the property recorded and the day ('YYYY-MM-DD', UTC) it counts for. */
export const PotentialViewingSchema = z.object({
  property_profile_id: z.number().int(),
  viewed_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
})
/** A recorded potential viewing. */
export type PotentialViewing = z.infer<typeof PotentialViewingSchema>
