import type { PassSettings, PassSettingsBody } from '@loyalty/contracts';
import { passSettings } from '../../db/schema';
import { settingsRecord } from '../../lib/settings-record';

/** How the tenant's wallet cards look: style, colours, images and field labels in the three languages. */
export const passSettingsRecord = settingsRecord<PassSettings, PassSettingsBody>({
  table: passSettings,
  columns: {
    style: passSettings.style,
    heroText: passSettings.heroText,
    showPoints: passSettings.showPoints,
    showLastUpdate: passSettings.showLastUpdate,
    backgroundColor: passSettings.backgroundColor,
    foregroundColor: passSettings.foregroundColor,
    labelColor: passSettings.labelColor,
    logoUrl: passSettings.logoUrl,
    stripUrl: passSettings.stripUrl,
    backgroundUrl: passSettings.backgroundUrl,
    lblMemberName: passSettings.lblMemberName,
    lblMembershipLvl: passSettings.lblMembershipLvl,
    lblLastUpdate: passSettings.lblLastUpdate,
    lblPoints: passSettings.lblPoints,
    lblMemberNameZh: passSettings.lblMemberNameZh,
    lblMemberNameCn: passSettings.lblMemberNameCn,
    lblMembershipLvlZh: passSettings.lblMembershipLvlZh,
    lblMembershipLvlCn: passSettings.lblMembershipLvlCn,
    lblLastUpdateZh: passSettings.lblLastUpdateZh,
    lblLastUpdateCn: passSettings.lblLastUpdateCn,
    lblPointsZh: passSettings.lblPointsZh,
    lblPointsCn: passSettings.lblPointsCn,
  },
  record: 'pass-settings',
  auditName: 'passSettings',
});
