/** The import and export screen's messages, each written once. */
export const TRANSFER_TEXT = {
  /** The upload limit the API enforces (IMPORT_MAX_BYTES), checked here first to spare the wait. */
  tooLarge: (maxMb: number) => `The file is too large: at most ${maxMb} MB can be imported at once`,
  uploadTooSlow:
    'The upload took longer than the server waits for a file (15 seconds). Upload the export’s zip, which is smaller than its CSVs, or try again on a faster connection.',
  uploadTimedOut: 'The upload timed out',
  networkError: 'Network error',
  exportDownloaded: 'Export downloaded',
} as const;
