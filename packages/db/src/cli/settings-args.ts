import { parseCompanySettingValue } from '@agency/domain'

/** What `npm run settings` says when its arguments are not SETTING_ID JSON_VALUE pairs. */
export const SETTINGS_USAGE = 'usage: settings [SETTING_ID JSON_VALUE]...'

/** The settings asked for, each value parsed and checked against its schema; the first mistake throws. */
export function toSettings(args: string[]): Array<{ settingId: number; value: unknown }> {
  if (args.length % 2 !== 0) throw new Error(SETTINGS_USAGE)
  const settings = []
  for (let i = 0; i < args.length; i += 2) {
    const [id, value] = [args[i]!, args[i + 1]!]
    const settingId = Number(id)
    if (!Number.isInteger(settingId)) throw new Error(SETTINGS_USAGE)
    let parsed: unknown
    try {
      parsed = JSON.parse(value)
    } catch {
      throw new Error(`the value must be JSON, e.g. '"v2"' for a string: got ${value}`)
    }
    // A value the site could not use is refused here, with the reasons, rather than stored and
    // silently read as the setting's default.
    const checked = parseCompanySettingValue(settingId, parsed)
    if (!checked.success) throw new Error(`setting ${settingId} refused:\n  ${checked.errors.join('\n  ')}`)
    settings.push({ settingId, value: checked.value })
  }
  return settings
}
