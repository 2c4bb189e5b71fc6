export { DEFAULT_MAX_WITHDRAW_SHARE, importBlm, type BlmImportOptions, type BlmImportReport, type BlmIssue } from './import.ts'
export { BlmFormatError, readBlm, type BlmHeader, type BlmItem, type BlmRecord } from './parse.ts'
export { mapBlmRecord, type MappedBlmRecord } from './map.ts'
export { createMediaFetcher, isPublicAddress, MediaFetchError, parseAllowedMediaHosts, type MediaFetcher } from './media-fetch.ts'
