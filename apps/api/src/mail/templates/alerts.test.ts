import { describe, expect, it } from 'vitest'
import { renderAlertConfirmationMail, renderBranchRegistrationMail } from './alerts.ts'

describe('alert e-mails', () => {
  it('gives the confirmation link, its expiry and what to do if it was not asked for, greeting plainly', () => {
    const mail = renderAlertConfirmationMail({
      agencyName: 'Hartwell & Co',
      link: 'https://agency.example/heads-up-alerts/confirm?token=abc',
      expiresInDays: 7,
      looking: 'renting',
    })
    expect(mail.subject).toBe('Please confirm your property alert with Hartwell & Co')
    expect(mail.text.startsWith('Hello,\n')).toBe(true)
    expect(mail.text).toContain('Thank you for registering a Heads Up Property Alert for renting.')
    expect(mail.text).toContain('https://agency.example/heads-up-alerts/confirm?token=abc')
    expect(mail.text).toContain('This link expires in 7 days and can be used once.')
    expect(mail.html).toContain('>Hello,</p>')
    expect(mail.html).toContain('Confirm my alert')
  })

  it('tells the branch who registered and how to reach them', () => {
    const mail = renderBranchRegistrationMail({
      branchName: 'Harrogate',
      contactName: 'Priya Shah',
      email: null,
      phone: '07400 123456',
      address: '1 High Street, Harrogate',
      profile: 'Buyer',
      locations: ['Harrogate (3 miles)'],
      priceRange: '£250,000 to £450,000',
      confirmed: false,
      others: ['Ravi Shah (ravi@example.com, 07700 900123)'],
    })
    expect(mail.subject).toBe('New buyer alert registration: Priya Shah')
    expect(mail.text.split('\n')).toEqual([
      'Harrogate,',
      '',
      'A Heads Up Property Alert has been registered near your branch.',
      '',
      'Name: Priya Shah',
      'E-mail: none given',
      'Mobile phone: 07400 123456',
      'Address: 1 High Street, Harrogate',
      'Also on this alert: Ravi Shah (ravi@example.com, 07700 900123)',
      'Looking as: Buyer',
      'Locations: Harrogate (3 miles)',
      'Price: £250,000 to £450,000',
      'No e-mail address: please call to confirm.',
      '',
    ])
  })
})
