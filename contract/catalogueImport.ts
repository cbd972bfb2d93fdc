/** The catalogue as a spreadsheet: CSV export, and import with a preview. */
export {};
