import { PASS_SETTINGS_DEFAULTS, type PassSettings, personName } from '@loyalty/contracts';
import { zipSync } from 'fflate';
import { type Field, PKPass } from 'passkit-generator';
import { stampStrip } from '../../stamp-card';
import type { PassData } from '../pass-data';
import {
  besideEachOther,
  expiringTexts,
  PASS_LANGUAGES,
  PASS_TEXTS,
  type PassLanguage,
  passLabel,
  passStrings,
  pointsChangedText,
  rewardLines,
} from '../pass-strings';
import type { WalletCredentials } from './certificates';
import type { PassImages } from './images';
import { localisePass, type StringTables } from './pass-localisation';
import { manifestOf, signManifest } from './signer';

type Design = PassSettings;

/** `#rrggbb` → Wallet's `rgb(r, g, b)`. */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

type BuildInput = {
  data: PassData;
  authenticationToken: string;
  webServiceURL: string;
  /** The pass's last change: the "last update" field. */
  updatedAt: Date;
  /** The member was deleted: Wallet shows the card as no longer valid; no member field, no barcode. */
  voided?: boolean;
};

/**
 * One member's storeCard. passkit-generator models and validates the pass (fields, barcodes, colours, web
 * service) through its public API; the files it describes are then signed here with Node's crypto and the
 * parsed-once certificates (signer.ts), because its own signing re-parses the PEMs and runs RSA in JavaScript
 * for every pass (docs/design.md §8: p95 72 ms against a few milliseconds).
 */
export async function buildPass(
  input: BuildInput,
  credentials: WalletCredentials,
  images: PassImages,
  tenantId: string,
): Promise<Buffer> {
  const { data } = input;
  // A tenant without a saved design gets the spec's defaults, the ones its wallet settings screen shows.
  const design: Design = { ...PASS_SETTINGS_DEFAULTS, ...data.design };
  const logoUrl = design.logoUrl || data.store?.logoUrl || '';
  const pass = new PKPass(
    {},
    {
      signerCert: credentials.pem.signerCert,
      signerKey: credentials.pem.signerKey,
      signerKeyPassphrase: credentials.pem.signerKeyPassphrase,
      wwdr: credentials.pem.wwdr,
    },
    {
      formatVersion: 1,
      passTypeIdentifier: credentials.passTypeId,
      teamIdentifier: credentials.teamId,
      serialNumber: data.memberId,
      organizationName: data.businessName,
      description: 'pass.description',
      logoText: design.heroText || data.businessName,
      backgroundColor: rgb(design.backgroundColor),
      foregroundColor: rgb(design.foregroundColor),
      labelColor: rgb(design.labelColor),
      authenticationToken: input.authenticationToken,
      webServiceURL: input.webServiceURL,
      sharingProhibited: true,
      ...(input.voided ? { voided: true } : {}),
    },
  );
  pass.type = 'storeCard';
  if (!input.voided) memberFields(pass, input, design);
  return signedPass(pass, input, credentials, images, tenantId, design, logoUrl);
}

/** What the pass shows of the member: points, name, tier, last update, the membership code and its barcode. */
function memberFields(pass: PKPass, input: BuildInput, design: Design) {
  const { data } = input;
  const memberName = personName(data);
  // A stamp card with points off shows only its stamps (docs/design.md §10).
  if (design.showPoints && !(data.stampCard && data.pointsActive === false)) {
    pass.headerFields.push({
      key: 'points',
      label: 'label.points',
      value: data.points,
      numberStyle: 'PKNumberStyleDecimal',
      changeMessage: 'change.points',
    } as Field);
  }
  // The stamp card (docs/design.md §10): `3/8` beside the points, and on the back the cards completed, whose
  // change is the lock screen's "your reward is ready".
  if (data.stampCard) {
    pass.headerFields.push({
      key: 'stamps',
      label: 'label.stamps',
      value: `${data.stampCard.stamps}/${data.stampCard.stampsPerCard}`,
      changeMessage: 'change.stamps',
    });
  }
  pass.secondaryFields.push({ key: 'member', label: 'label.memberName', value: memberName });
  if (data.tierName) {
    pass.secondaryFields.push({
      key: 'tier',
      label: 'label.membershipLevel',
      value: 'tier.name',
      changeMessage: 'change.tier',
      textAlignment: 'PKTextAlignmentRight',
    });
  }
  // Points the member was warned of: Wallet shows the notice on the lock screen when the number changes.
  if (data.expiring) {
    pass.auxiliaryFields.push({
      key: 'expiring',
      label: 'label.expiring',
      value: data.expiring.points,
      numberStyle: 'PKNumberStyleDecimal',
      changeMessage: 'change.expiring',
    } as Field);
  }
  if (design.showLastUpdate) {
    pass.auxiliaryFields.push({
      key: 'updated',
      label: 'label.lastUpdate',
      value: input.updatedAt.toISOString(),
      dateStyle: 'PKDateStyleMedium',
      timeStyle: 'PKDateStyleShort',
    });
  }
  pass.backFields.push({ key: 'code', label: 'label.membershipCode', value: data.membershipCode });
  if (data.stampCard) {
    pass.backFields.push({
      key: 'cards',
      label: 'label.cardsCompleted',
      value: data.stampCard.cardsCompleted,
      changeMessage: 'change.cardCompleted',
    } as Field);
  }
  // Names only, no code: nothing on the pass is worth anything when screenshotted (claims live on the phone).
  if (data.rewards?.length) pass.backFields.push({ key: 'rewards', label: 'label.rewards', value: 'rewards.list' });
  if (data.store?.text) pass.backFields.push({ key: 'about', label: 'label.about', value: data.store.text });
  // A message to cardholders: Wallet shows `%@` (the new text) on the lock screen when this value changes.
  if (data.news) {
    pass.backFields.unshift({ key: 'news', label: 'label.news', value: data.news, changeMessage: '%@' });
  }
  // The branches the pass comes forward near on the lock screen, each text a key of pass.strings.
  if (data.locations?.length) {
    pass.setLocations(
      ...data.locations.map((place, i) => ({
        latitude: place.latitude,
        longitude: place.longitude,
        ...(place.relevantText || place.relevantTextZh || place.relevantTextCn
          ? { relevantText: `location.${i}` }
          : {}),
      })),
    );
  }
  pass.setBarcodes(
    {
      format: 'PKBarcodeFormatQR',
      message: data.membershipCode,
      messageEncoding: 'iso-8859-1',
      altText: data.membershipCode,
    },
    {
      format: 'PKBarcodeFormatCode128',
      message: data.membershipCode,
      messageEncoding: 'iso-8859-1',
      altText: data.membershipCode,
    },
  );
}

/**
 * The pass's files (pass.json in the business's language, images, the three languages' strings) with their
 * manifest, signed, zipped.
 */
async function signedPass(
  pass: PKPass,
  input: BuildInput,
  credentials: WalletCredentials,
  images: PassImages,
  tenantId: string,
  design: Design,
  logoUrl: string,
): Promise<Buffer> {
  const { data } = input;
  const background = design.backgroundColor;
  // A stamp card's strip is the card drawn with its stamps, in the pass's colours (docs/design.md §10).
  const [icon, logo, strip] = await Promise.all([
    images.get(tenantId, logoUrl, 'icon', background),
    images.get(tenantId, logoUrl, 'logo', background),
    data.stampCard && !input.voided
      ? stampStrip(
          { background, filled: design.foregroundColor, empty: design.labelColor },
          data.stampCard.stamps,
          data.stampCard.stampsPerCard,
        )
      : images.get(tenantId, design.stripUrl, 'strip', background),
  ]);
  const tables = Object.fromEntries(
    PASS_LANGUAGES.map((lang) => [lang, stringsFor(lang, design, data)]),
  ) as StringTables;
  const localised = localisePass(pass.props as Record<string, unknown>, tables, data.language);
  const files: Record<string, Buffer> = {
    'pass.json': Buffer.from(JSON.stringify(localised.pass)),
    ...icon,
    ...logo,
    ...strip,
  };
  for (const lang of PASS_LANGUAGES) {
    files[`${lang}.lproj/pass.strings`] = passStrings(localised.strings[lang]);
  }
  const manifest = manifestOf(files);
  files['manifest.json'] = manifest;
  files.signature = signManifest(manifest, credentials);
  // Stored, not deflated (PNGs and signatures do not shrink); the checksum of every file is the work left. The zip
  // writer before this one summed it in slow JavaScript, so a pass with a drawn stamp strip (46 KB of PNG) took
  // about 12 ms more to build (`npm run bench:wallet`).
  return Buffer.from(zipSync(files, { level: 0 }));
}

/** Each location's lock-screen text in `lang`: its own, else the nearest script's, else the English. */
function locationTexts(lang: PassLanguage, data: PassData): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [i, place] of (data.locations ?? []).entries()) {
    const { relevantText: en, relevantTextZh: zh, relevantTextCn: cn } = place;
    const text = lang === 'zh-Hant' ? zh || cn || en : lang === 'zh-Hans' ? cn || zh || en : en || zh || cn;
    if (text) texts[`location.${i}`] = text;
  }
  return texts;
}

function stringsFor(lang: PassLanguage, design: Design, data: PassData): Record<string, string> {
  const tierName =
    lang === 'zh-Hant'
      ? data.tierNameZh || data.tierName
      : lang === 'zh-Hans'
        ? data.tierNameCn || data.tierName
        : data.tierName;
  return {
    ...locationTexts(lang, data),
    'pass.description': besideEachOther(data.businessName, PASS_TEXTS.description[lang]),
    'label.points': passLabel(design, 'points')[lang],
    'label.memberName': passLabel(design, 'memberName')[lang],
    'label.membershipLevel': passLabel(design, 'membershipLevel')[lang],
    'label.lastUpdate': passLabel(design, 'lastUpdate')[lang],
    'label.membershipCode': PASS_TEXTS.membershipCode[lang],
    'label.about': PASS_TEXTS.about[lang],
    'label.news': PASS_TEXTS.news[lang],
    'change.points': pointsChangedText(lang, data.points),
    'change.tier': PASS_TEXTS.tierChanged[lang],
    ...(data.stampCard
      ? {
          'label.stamps': PASS_TEXTS.stamps[lang],
          'change.stamps': PASS_TEXTS.stampsChanged[lang],
          'label.cardsCompleted': PASS_TEXTS.cardsCompleted[lang],
          'change.cardCompleted': PASS_TEXTS.cardCompleted[lang],
        }
      : {}),
    ...(data.expiring ? expiringStrings(lang, data.expiring, data.timeZone) : {}),
    ...(tierName ? { 'tier.name': tierName } : {}),
    ...(data.rewards?.length
      ? { 'label.rewards': PASS_TEXTS.rewards[lang], 'rewards.list': rewardLines(data.rewards, lang) }
      : {}),
  };
}

/**
 * The expiring field's label and notice in `lang`, the date in the business's time zone; Wallet fills `%@` with the
 * field's value, the count the notice's grammar follows ("1 point expires").
 */
function expiringStrings(
  lang: PassLanguage,
  expiring: { points: number; expiresAt: Date },
  timeZone: string,
): Record<string, string> {
  const texts = expiringTexts(expiring.expiresAt, timeZone, expiring.points, true)[lang];
  return { 'label.expiring': texts.label, 'change.expiring': texts.notice };
}
