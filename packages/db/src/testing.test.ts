import { afterEach, describe, expect, it, vi } from 'vitest'
import { testDatabaseKinds } from './testing.ts'

describe('testDatabaseKinds', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  const withEnv = (env: { url?: string; ci?: string; kinds?: string }) => {
    vi.stubEnv('TEST_DATABASE_URL', env.url ?? '')
    vi.stubEnv('CI', env.ci ?? '')
    vi.stubEnv('TEST_DATABASE_KINDS', env.kinds ?? '')
  }

  it('runs on PGlite alone without a PostgreSQL server, and on both with one or under CI', () => {
    withEnv({})
    expect(testDatabaseKinds()).toEqual(['pglite'])
    withEnv({ url: 'postgres://127.0.0.1:5432/test' })
    expect(testDatabaseKinds()).toEqual(['pglite', 'postgres'])
    withEnv({ ci: 'true' })
    expect(testDatabaseKinds()).toEqual(['pglite', 'postgres'])
  })

  it('narrows to the kinds TEST_DATABASE_KINDS names', () => {
    withEnv({ ci: 'true', kinds: 'postgres' })
    expect(testDatabaseKinds()).toEqual(['postgres'])
    withEnv({ ci: 'true', kinds: 'pglite' })
    expect(testDatabaseKinds()).toEqual(['pglite'])
    withEnv({ url: 'postgres://127.0.0.1:5432/test', kinds: ' postgres , pglite ' })
    expect(testDatabaseKinds()).toEqual(['pglite', 'postgres'])
  })

  it('refuses PostgreSQL with no server to run it on, and a kind it does not know, instead of skipping', () => {
    withEnv({ kinds: 'postgres' })
    expect(() => testDatabaseKinds()).toThrow('TEST_DATABASE_KINDS asks for postgres, but TEST_DATABASE_URL is not set')
    withEnv({ ci: 'true', kinds: 'mysql' })
    expect(() => testDatabaseKinds()).toThrow("TEST_DATABASE_KINDS: 'mysql' is not one of pglite, postgres")
  })
})
