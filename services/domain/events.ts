import type { ApiKeyEvent } from './api-key/events';
import type { FolderEvent } from './folder/events';
import type { ScriptEvent, ScriptReadByAdmin, ScriptViewsCounted } from './script/events';
import type { UserEvent, UsernameClaimed } from './user/events';

/** Every event type the log holds; projections switch over this union. */
export type LuaVaultEvent = ScriptEvent | ScriptViewsCounted | ScriptReadByAdmin | FolderEvent | UserEvent | UsernameClaimed | ApiKeyEvent;
export type LuaVaultEventType = LuaVaultEvent['type'];
