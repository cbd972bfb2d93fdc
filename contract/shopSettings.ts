/** The shop's own details as data the owner edits: name, address, phones, pay-later caps, delivery areas and pickup stations. */
export {};
