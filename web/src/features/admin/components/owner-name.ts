/** How a script's owner is shown: the username, or a plain note once the account is gone (never an id). */
export const ownerName = (username: string | null | undefined): string => username ?? 'deleted account';
