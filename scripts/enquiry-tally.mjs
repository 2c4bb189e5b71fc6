/**
 * How the enquiries a fault test sent were stored (`npm run test:faults`, `npm run test:cluster`):
 * `answered` maps each enquiry's number to the lead id its answer gave, `leads` are the stored rows
 * (`email`, `lead_id`), and `emailOf(i)` is the e-mail address enquiry i was sent with. Counts the
 * enquiries stored not at all (`missing`), more than once (`duplicated`) and under another lead id than
 * the answer said (`wrongId`).
 */
export function tallyEnquiries(answered, leads, emailOf) {
  const leadsByEmail = new Map()
  for (const lead of leads) leadsByEmail.set(lead.email, [...(leadsByEmail.get(lead.email) ?? []), lead.lead_id])
  let missing = 0
  let duplicated = 0
  let wrongId = 0
  for (const [i, leadId] of answered) {
    const stored = leadsByEmail.get(emailOf(i)) ?? []
    if (stored.length === 0) missing++
    if (stored.length > 1) duplicated++
    if (stored.length === 1 && stored[0] !== leadId) wrongId++
  }
  return { missing, duplicated, wrongId }
}
