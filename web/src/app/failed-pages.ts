/** Screens whose code failed to load, each with the function that gives it a fresh lazy component. */
export const failedPages = new Set<() => void>();

/** Called once the error page shows: the next render of a failed screen loads its code again. */
export function resetFailedPages(): void {
  for (const reset of failedPages) reset();
  failedPages.clear();
}
