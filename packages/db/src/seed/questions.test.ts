import { contactQuestionOptions, contactQuestions, subscriptionTypes } from '../schema/index.ts'
import { createTestDatabase, type TestDatabase } from '../testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUYER_QUESTIONS, TENANT_QUESTIONS, findQuestionId, seedAlertReferenceData } from './questions.ts'

describe('seedAlertReferenceData', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
  })
  afterAll(async () => {
    await database?.close()
  })

  it('writes the questions, options and subscription types once, however often it runs', async () => {
    await seedAlertReferenceData(database.db)
    const firstId = await findQuestionId(database.db, 3, 'mortgage_in_principle')
    await seedAlertReferenceData(database.db)
    const questions = await database.db.select().from(contactQuestions)
    const options = await database.db.select().from(contactQuestionOptions)
    expect(questions).toHaveLength(BUYER_QUESTIONS.length + TENANT_QUESTIONS.length)
    expect(options).toHaveLength([...BUYER_QUESTIONS, ...TENANT_QUESTIONS].reduce((n, q) => n + q.options.length, 0))
    expect(await findQuestionId(database.db, 3, 'mortgage_in_principle')).toBe(firstId)
    expect(await findQuestionId(database.db, 5, 'guarantor')).not.toBeNull()
    expect((await database.db.select().from(subscriptionTypes)).map((s) => s.subscription_type_id)).toEqual([1, 2, 3])
  })

  it('asks buyers and tenants what a UK agency asks', () => {
    expect(BUYER_QUESTIONS.map((q) => q.question_key)).toEqual(
      expect.arrayContaining(['buying_position', 'mortgage_in_principle', 'property_to_sell', 'moving_timescale']),
    )
    // A first-time buyer says so in their buying position: one question, not two.
    expect(BUYER_QUESTIONS.map((q) => q.question)).not.toContain('Are you a first-time buyer?')
    expect(BUYER_QUESTIONS.find((q) => q.question_key === 'buying_position')?.options).toContain('First-time buyer')
    expect(TENANT_QUESTIONS.map((q) => q.question_key)).toEqual(expect.arrayContaining(['move_in_date', 'pets', 'smoker', 'employment', 'guarantor']))
  })
})
