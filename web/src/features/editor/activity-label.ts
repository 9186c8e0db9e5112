/**
 * A short, human label for each kind of recorded script event (the Activity tab's badge). The server's `summary`
 * says what happened in full ("Saved version 3: ..."); event type names are for developers and never shown.
 */
const LABELS: Record<string, string> = {
  ScriptCreated: 'Created',
  ScriptSaved: 'Saved',
  ScriptRestored: 'Restored',
  ScriptMoved: 'Moved',
  ScriptShared: 'Shared',
  ScriptShareHistoryChanged: 'Link changed',
  ScriptShareRevoked: 'Link revoked',
  ScriptDeleted: 'Deleted',
  ScriptTrashed: 'Trashed',
  ScriptRestoredFromTrash: 'Restored from trash',
  ScriptReadByAdmin: 'Opened by admin',
};

/** The label for an event type; null for a type this version of the app does not know (nothing shown). */
export const activityLabel = (type: string): string | null => LABELS[type] ?? null;
