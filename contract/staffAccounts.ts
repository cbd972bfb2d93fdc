/** The owner's staff accounts: invites, roles, disabling, the first owner's setup link, and the change log. */
export {};
