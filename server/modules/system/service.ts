import { eq } from 'drizzle-orm';
import type { FeatureFlag } from '../../../contract/merchant.ts';
import type { ModuleNode, SystemStatus, WhitelabelInfo } from '../../../contract/system.ts';
import type { Db } from '../../db/client.ts';
import { domains } from '../../db/schema/index.ts';
import { languagesOf, tyLanguageOf } from '../../http/locale.ts';
import type { Merchant } from '../../http/merchant.ts';
import { inMaintenance, siteOf } from '../../http/standing.ts';
import type { GeoPort } from '../../ports/geo.ts';

/** Groups of the whitelabel module tree; each flag is a leaf module. */
const MODULE_TREE: Record<string, FeatureFlag[]> = {
  LOGIN: ['MOBILEVERCODELOGIN3', 'FREE_PLAY', 'PASSWORD_EXPIRY', 'LOGGED_IN_TO_HOME'],
  REGISTER: ['USERNAMEREG3', 'MOBILENUMREG3', 'SMS_VERIFICATION', 'MOBILE_REG_WITH_PASSWORD'],
  FORGOT_PASSWORD: ['CHNGPASSMAIL3', 'CHNGPASSVERIF3'],
  POINTS: ['PTSYS3'],
  CENTRES: ['MEMBER_CENTRE', 'AGENT_CENTRE'],
  CONTRACTS: ['AGENT_DIVIDEND', 'DAILY_SALARY', 'HOURLY_SALARY', 'REALTIME_SALARY'],
  WALLET: ['SINGLE_WALLET'],
};

const bit = (on: boolean) => (on ? '1' : '0');

export function moduleTree(features: Record<FeatureFlag, boolean>): ModuleNode[] {
  return Object.entries(MODULE_TREE).map(([modId, flags]) => ({
    modId,
    enabled: bit(flags.some((f) => features[f])),
    childrenNodes: flags.map((f) => ({ modId: f, enabled: bit(features[f]), childrenNodes: [] })),
  }));
}

export function createSystemService(db: Db, geo: GeoPort, now: () => Date = () => new Date()) {
  const locate = (ip: string) => ({ ip, country: geo.country(ip) });

  return {
    /** Spec §4: 1 when in maintenance, else 2 when the visitor's country is restricted, else 0. */
    status(m: Merchant, ip: string): SystemStatus {
      const location = locate(ip);
      return { ...siteOf(m, location.country, now()), location };
    },

    whitelabel(m: Merchant, ip: string): WhitelabelInfo {
      const location = locate(ip);
      const s = m.settings;
      return {
        merchantCode: m.code,
        brand: m.brand,
        modules: moduleTree(s.features),
        features: s.features,
        registerFields: s.registerFields,
        resources: Object.entries(s.downloadResources).map(([resourceType, r]) => ({
          resourceType,
          url: r.url,
          qrCodeUrl: r.url,
        })),
        downloadResources: s.downloadResources,
        siteResources: s.siteResources,
        customerService: s.customerService,
        social: s.social,
        tyLanguage: tyLanguageOf(s),
        languages: languagesOf(s),
        analytics: { gtagId: s.gtagId },
        imageCDNs: s.imageCDNs,
        launchGameCDNs: s.launchGameCDNs,
        location,
        maintenance: inMaintenance(m, now()),
        maintenanceEnd: m.maintenanceEnd?.toISOString() ?? null,
        regionRestriction: m.restrictedCountries.includes(location.country),
        defaultTheme: m.brand.defaultTheme,
        firebase: s.firebase ?? null,
      };
    },

    async domainRoute(m: Merchant) {
      const routers = await db
        .select({ domain: domains.domain, speed: domains.speed })
        .from(domains)
        .where(eq(domains.merchantCode, m.code))
        .orderBy(domains.domain);
      return { merchantCode: m.code, routers };
    },
  };
}
