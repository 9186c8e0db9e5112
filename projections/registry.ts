import { accountsProjection } from './accounts/accounts.projection';
import { adminStatsProjection } from './admin-stats/admin-stats.projection';
import type { Projection } from './projection';
import { ownedStreamsProjection } from './owned-streams/owned-streams.projection';
import { changeFeedProjection } from './change-feed/change-feed.projection';
import { scriptViewsProjection } from './script-views/script-views.projection';
import { versionTimelineProjection } from './version-timeline/version-timeline.projection';
import { workspaceProjection } from './workspace/workspace.projection';

/** Every read model the product serves, in the order they are applied within a batch. */
export const allProjections: Projection[] = [
  accountsProjection,
  workspaceProjection,
  versionTimelineProjection,
  adminStatsProjection,
  ownedStreamsProjection,
  changeFeedProjection,
  scriptViewsProjection,
];
