import { BranchSchema } from '@agency/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { toBranch } from '#app/presenters/branch.ts'
import { listBranches } from '#app/queries/catalogue.ts'
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
}

export default branches
