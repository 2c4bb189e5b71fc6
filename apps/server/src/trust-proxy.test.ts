import { describe, expect, it } from 'vitest'
import { loadConfig, parseTrustProxy, TRUST_PROXY_TRUE_REFUSED } from './config.ts'

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, false or 0', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    // Nor is the site on a network until told to be: it listens on this machine only.
    expect(loadConfig({}).host).toBe('127.0.0.1')
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false)
  })

  it('takes a number of hops', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
  })

  it("takes the proxies' addresses: IPs, CIDR ranges and proxy-addr's names", () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,2001:db8::/32,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      '2001:db8::/32',
      'loopback',
    ])
  })

  it('refuses a plain true at start, saying why and what to give instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(`TRUST_PROXY: ${TRUST_PROXY_TRUE_REFUSED}`)
    expect(TRUST_PROXY_TRUE_REFUSED).toContain('give the number of proxies')
  })

  it('refuses what is neither a count nor addresses', () => {
    for (const bad of ['yes', '10.0.0.0/33', '300.1.1.1', '1,2', '127.0.0.1/8/1', '-1', '11']) {
      expect(typeof parseTrustProxy(bad), bad).toBe('string')
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/)
    }
  })
})
