import { communityMembersViews } from '../../machines/community-members.views'
import { describeBrowserPaths } from '../support/browser-paths'

// The community screen's paths for its creator and for a member, replayed in Chromium on the
// real app (the paths that add or remove are in community-members.test.ts).
describeBrowserPaths(communityMembersViews)
