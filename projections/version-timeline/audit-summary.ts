import type { ScriptEvent } from '../../services/domain/script/events';

/**
 * A one-line, human description of a version for the audit trail. A rename says so; the automatic comment is left
 * out, since it only repeats the date each entry shows.
 */
export function versionSummary(version: {
  kind: string;
  title: string;
  version: number;
  comment: string;
  restoredFrom: number | null;
  previousTitle?: string;
  automaticComment?: boolean;
}): string {
  if (version.kind === 'ScriptCreated') return `Created "${version.title}" (version 1)`;
  const renamed = version.previousTitle !== undefined ? `Renamed "${version.previousTitle}" to "${version.title}", ` : '';
  if (version.kind === 'ScriptRestored') return `${renamed ? renamed + 'r' : 'R'}estored version ${version.restoredFrom} as version ${version.version}`;
  const saved = `${renamed ? renamed + 's' : 'S'}aved version ${version.version}`;
  return version.automaticComment ? saved : `${saved}: ${version.comment}`;
}

/** A one-line, human description of a script event for the audit trail. */
export function auditSummary(event: ScriptEvent): string {
  switch (event.type) {
    case 'ScriptCreated':
      return `Created "${event.data.title}" (version 1)`;
    case 'ScriptSaved':
      return `Saved version ${event.data.version}: ${event.data.comment}`;
    case 'ScriptRestored':
      return `Restored version ${event.data.restoredFrom} as version ${event.data.version}`;
    case 'ScriptMoved':
      return event.data.folderId ? 'Moved to a folder' : 'Moved to the root';
    case 'ScriptShared':
      return 'Generated a share link';
    case 'ScriptShareHistoryChanged':
      return event.data.fullHistory ? 'Shared the full history on the link' : 'Limited the link to versions since sharing';
    case 'ScriptShareRevoked':
      return 'Revoked the share link';
    case 'ScriptDeleted':
      return 'Deleted the script';
    case 'ScriptTrashed':
      return event.data.withFolderId ? 'Moved to the trash with its folder' : 'Moved to the trash';
    case 'ScriptRestoredFromTrash':
      return 'Restored from the trash';
    case 'ScriptPurged':
      return 'Deleted for good';
  }
}
