export * from './catalogue.ts'
export * from './contacts.ts'
export * from './places.ts'
export * from './leads.ts'
