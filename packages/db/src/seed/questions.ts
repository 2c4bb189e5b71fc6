/**
 * The alert form's reference data: the Circumstances questions of buyer and tenant alerts (SPEC §3
 * Applicant question) and what its consent checkbox subscribes to.
 */
import { APPLICANT_PROFILE } from '@agency/domain'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../client.ts'
import { contactQuestionOptions, contactQuestions, subscriptionTypes } from '../schema/index.ts'

/** One question as seeded: options in the order shown; none for a free-text answer. */
export interface SeedQuestion {
  question_key: string
  question: string
  is_required: boolean
  options: readonly string[]
}

/**
 * A buyer's circumstances, as a UK agency asks them. Whether they are a first-time buyer is one of the
 * buying positions, not a question of its own.
 */
export const BUYER_QUESTIONS: readonly SeedQuestion[] = [
  { question_key: 'buying_position', question: 'What is your buying position?', is_required: true, options: ['First-time buyer', 'Property to sell', 'Cash buyer', 'Investor', 'Relocating'] },
  { question_key: 'property_to_sell', question: 'Do you have a property to sell?', is_required: true, options: ['No', 'Yes, not yet on the market', 'Yes, on the market', 'Yes, under offer', 'Yes, exchanged'] },
  { question_key: 'mortgage_in_principle', question: 'Do you have a mortgage in principle?', is_required: true, options: ['Yes', 'No, but I would like advice', 'No, I am a cash buyer'] },
  { question_key: 'moving_timescale', question: 'When are you hoping to move?', is_required: true, options: ['As soon as possible', 'Within 3 months', 'Within 6 months', 'Within a year', 'Just looking'] },
  { question_key: 'buyer_notes', question: 'Anything else we should know?', is_required: false, options: [] },
]

/** A tenant's circumstances, as a UK letting agent asks them. */
export const TENANT_QUESTIONS: readonly SeedQuestion[] = [
  { question_key: 'move_in_date', question: 'When would you like to move in?', is_required: true, options: ['Immediately', 'Within 1 month', 'Within 2 months', 'Within 3 months', 'Flexible'] },
  { question_key: 'pets', question: 'Do you have any pets?', is_required: true, options: ['No', 'Yes, a cat', 'Yes, a dog', 'Yes, other pets'] },
  { question_key: 'smoker', question: 'Does anyone who will live in the property smoke?', is_required: true, options: ['No', 'Yes'] },
  { question_key: 'employment', question: 'What is your employment status?', is_required: true, options: ['Employed full-time', 'Employed part-time', 'Self-employed', 'Student', 'Retired', 'Not working'] },
  { question_key: 'guarantor', question: 'Do you have a UK guarantor if one is needed?', is_required: false, options: ['Yes', 'No', 'Not sure'] },
  { question_key: 'household', question: 'How many people will live in the property?', is_required: false, options: ['1', '2', '3', '4', '5 or more'] },
  { question_key: 'tenant_notes', question: 'Anything else we should know?', is_required: false, options: [] },
]

/** What a contact may be e-mailed about; the consent checkbox subscribes to the first. */
export const SUBSCRIPTION_TYPES = [
  { subscription_type_id: 1, name: 'Property alerts and news' },
  { subscription_type_id: 2, name: 'Price reductions' },
  { subscription_type_id: 3, name: 'Valuation offers and market updates' },
] as const

/**
 * Writes the questions, their options and the subscription types when missing. A question already
 * there (by profile and key) is kept as it is, with its id, so answers stored against it stay valid.
 */
export async function seedAlertReferenceData(db: Db): Promise<void> {
  await db.insert(subscriptionTypes).values([...SUBSCRIPTION_TYPES]).onConflictDoNothing()
  const lists: Array<[number, readonly SeedQuestion[]]> = [
    [APPLICANT_PROFILE.BUYER, BUYER_QUESTIONS],
    [APPLICANT_PROFILE.TENANT, TENANT_QUESTIONS],
  ]
  for (const [profileId, questions] of lists) {
    for (const [position, q] of questions.entries()) {
      const [inserted] = await db
        .insert(contactQuestions)
        .values({ profile_id: profileId, question_key: q.question_key, question: q.question, is_required: q.is_required, position })
        .onConflictDoNothing()
        .returning({ id: contactQuestions.contact_question_id })
      if (!inserted || q.options.length === 0) continue
      await db
        .insert(contactQuestionOptions)
        .values(q.options.map((label, i) => ({ contact_question_id: inserted.id, label, position: i })))
    }
  }
}

/** The id of a seeded question, or null. */
export async function findQuestionId(db: Db, profileId: number, questionKey: string): Promise<number | null> {
  const [row] = await db
    .select({ id: contactQuestions.contact_question_id })
    .from(contactQuestions)
    .where(and(eq(contactQuestions.profile_id, profileId), eq(contactQuestions.question_key, questionKey)))
  return row?.id ?? null
}

