import { ApiErrorSchema, BranchDetailsSchema, BranchSchema, IdSchema } from '@agency/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { API_MESSAGES } from '#app/messages.ts'
import { toBranch, toBranchDetails } from '#app/presenters/branch.ts'
import { getBranch, listBranches } from '#app/queries/catalogue.ts'
import { dataResponseSchema } from '#app/schemas.ts'

const branches: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        summary: 'Branches as map markers (SPEC §3)',
        tags: ['catalogue'],
        response: { 200: dataResponseSchema(z.array(BranchSchema)) },
      },
    },
    async () => ({ data: (await listBranches(app.db)).map(toBranch) }),
  )

  app.get(
    '/:branchId',
    {
      schema: {
        summary: "A branch with its opening hours and team, for the branch's page",
        tags: ['catalogue'],
        params: z.object({ branchId: IdSchema }),
        response: { 200: dataResponseSchema(BranchDetailsSchema), 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const row = await getBranch(app.db, request.params.branchId)
      if (!row) return reply.code(404).send({ message: API_MESSAGES.BRANCH_NOT_FOUND })
      return { data: toBranchDetails(row) }
    },
  )
}

export default branches
